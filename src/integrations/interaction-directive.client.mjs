// @ts-check

const TRIGGERS = ['pointerdown', 'touchstart', 'keydown', 'focusin'];

/**
 * The browser side of `client:interaction` (inlined into the page by Astro, so self-contained).
 *
 * The island hydrates on the first pointer, touch, key or focus event inside it. Typing that happens while
 * its code loads stays in the fields: React picks up the values the visitor typed before hydration. A form
 * submitted before the island is live is held (not sent the browser's way, which would put the fields in the
 * address) and submitted again once it is.
 *
 * The value may name a localStorage key (`client:interaction={{ eagerWhenStored: 'userProfile' }}`): when the
 * browser holds it (a signed-in customer), the island hydrates as soon as it is visible instead, so the
 * customer's details fill the form without a first touch.
 *
 * @type {import('astro').ClientDirective}
 */
export default (load, options, el) => {
  let started = false;
  /** @type {HTMLFormElement[]} */
  const held = [];
  const controller = new AbortController();
  /** @param {Event} event */
  const hold = (event) => {
    event.preventDefault();
    if (event.target instanceof HTMLFormElement && !held.includes(event.target)) held.push(event.target);
    void start();
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start, { capture: true });
    const hydrate = await load();
    await hydrate();
    controller.abort();
    // hydration has begun: React hydrates the form at once for the submit event and handles it
    for (const form of held) if (form.isConnected) form.requestSubmit();
  };
  el.addEventListener('submit', hold, { capture: true, signal: controller.signal });
  for (const type of TRIGGERS) el.addEventListener(type, start, { capture: true, passive: true, once: true });

  /** @type {unknown} */
  const value = options.value;
  const key = value && typeof value === 'object' && 'eagerWhenStored' in value ? value.eagerWhenStored : undefined;
  let stored = false;
  try {
    stored = typeof key === 'string' && localStorage.getItem(key) !== null;
  } catch {
    // storage blocked: wait for the visitor
  }
  if (stored) {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void start();
    });
    for (const child of el.children) observer.observe(child);
  }
};
