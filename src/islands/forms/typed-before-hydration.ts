import { type RefObject, useLayoutEffect } from 'react';

/**
 * Keeps what the visitor typed into a server-rendered form before its island was live (`client:interaction`
 * hydrates on the first touch or key, and typing goes on while the code loads). React 19 hydrates over such
 * fields without reading them: the text stays on screen but not in the form's state, and the next render
 * would clear it. Right after hydration, each field whose value differs from what React rendered is sent
 * through its own change handler, as if typed now.
 */
export function useTypedBeforeHydration(ref: RefObject<HTMLFormElement | null>): void {
  useLayoutEffect(() => {
    const form = ref.current;
    if (!form) return;
    for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=hidden]), textarea')) {
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        // React rendered defaultChecked; the box shows the visitor's choice: set it back and click it
        if (field.checked === field.defaultChecked) continue;
        field.checked = field.defaultChecked;
        field.click();
        continue;
      }
      // React rendered defaultValue; the field shows the visitor's text
      const typed = field.value;
      if (typed === field.defaultValue) continue;
      // React tracks the value it last saw through the element's own setter: tell it the rendered one,
      // write the typed one past the tracker, and the input event reads as a change
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, [ref]);
}
