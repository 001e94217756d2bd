import { describe, expect, it } from 'vitest';
import { nextFocusTarget } from '../../src/islands/modals/focus-trap';

describe('focus kept inside a dialog', () => {
  const [close, field, submit] = ['close', 'field', 'submit'].map((name) => ({ name }) as unknown as HTMLElement) as [
    HTMLElement,
    HTMLElement,
    HTMLElement,
  ];
  const focusable = [close, field, submit];

  it('wraps Tab from the last element to the first and Shift+Tab from the first to the last', () => {
    expect(nextFocusTarget(focusable, submit, false)).toBe(close);
    expect(nextFocusTarget(focusable, close, true)).toBe(submit);
  });

  it('leaves moves inside the dialog to the browser', () => {
    expect(nextFocusTarget(focusable, close, false)).toBeNull();
    expect(nextFocusTarget(focusable, submit, true)).toBeNull();
  });

  it('brings focus from outside (or the dialog itself) back in', () => {
    const outside = { name: 'outside' } as unknown as HTMLElement;
    expect(nextFocusTarget(focusable, outside, false)).toBe(close);
    expect(nextFocusTarget(focusable, null, true)).toBe(submit);
    expect(nextFocusTarget([], outside, false)).toBeNull();
  });
});
