import { afterEach, describe, expect, it, vi } from 'vitest';
import { deepFreeze } from '../../src/lib/deep-freeze';
import { findSection } from '../../src/sections/registry';
import { planSections } from '../../src/sections/render-plan';
import { context, renderSection, section } from './section-fixtures';

/**
 * A section's options are checked against its schema once per change (src/sections/render-plan.ts): the server
 * hands pages the same frozen section until it changes, and what was checked from it is kept with it.
 */
describe('section options are checked once per change', () => {
  const entry = findSection('SectionTextBlockBase')!;
  const text = (words: string) => ({ content: { html: `<p>${words}</p>` } });
  const htmlOf = (options: unknown) => (options as { content: { html: unknown } }).content.html;
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('checks a frozen section once however often it renders', () => {
    const check = vi.spyOn(entry.schema, 'safeParse');
    const shared = deepFreeze(section('SectionTextBlockBase', text('Kept')));
    const first = planSections([shared], context());
    const second = planSections([{ ...shared, data: {} }], context());
    expect(check).toHaveBeenCalledTimes(1);
    expect(second[0]!.props.options).toBe(first[0]!.props.options);
    expect(Object.isFrozen(first[0]!.props.options)).toBe(true);
  });

  it('checks a changed section again', () => {
    const check = vi.spyOn(entry.schema, 'safeParse');
    planSections([deepFreeze(section('SectionTextBlockBase', text('Before')))], context());
    const [changed] = planSections([deepFreeze(section('SectionTextBlockBase', text('After')))], context());
    expect(check).toHaveBeenCalledTimes(2);
    expect(htmlOf(changed!.props.options)).toBe('<p>After</p>');
  });

  it('checks a section that is not frozen (a builder draft) on every render', () => {
    const check = vi.spyOn(entry.schema, 'safeParse');
    const draft = section('SectionTextBlockBase', text('Draft'));
    planSections([draft], context());
    draft.options['content'] = text('Draft, edited').content;
    const [again] = planSections([draft], context());
    expect(check).toHaveBeenCalledTimes(2);
    expect(htmlOf(again!.props.options)).toBe('<p>Draft, edited</p>');
  });

  it('renders a frozen section as it renders a fresh one', async () => {
    const fresh = section('SectionTextBlockBase', text('Same'));
    const frozen = deepFreeze(structuredClone(fresh));
    const a = await renderSection(fresh);
    const b = await renderSection(frozen);
    expect(b?.outerHTML).toBe(a?.outerHTML);
  });
});
