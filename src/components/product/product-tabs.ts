/**
 * Tabs of the product details ([data-product-tabs], ProductDetails.astro): one panel shown at a time,
 * chosen by click or by the arrow, Home and End keys (WAI-ARIA tabs). Without this script every panel
 * stays shown under its own heading.
 */
function setUp(root: HTMLElement): void {
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const select = (chosen: HTMLButtonElement, focus: boolean) => {
    for (const tab of tabs) {
      const selected = tab === chosen;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = root.querySelector<HTMLElement>(`#${tab.getAttribute('aria-controls')}`);
      if (panel) panel.hidden = !selected;
    }
    if (focus) chosen.focus();
  };
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => select(tab, false));
    tab.addEventListener('keydown', (event) => {
      const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(tabs[(next + tabs.length) % tabs.length]!, true);
    });
  });
  const first = tabs[0];
  if (first) select(first, false);
  root.dataset['tabsReady'] = '';
}

export function enableProductTabs(): void {
  document.querySelectorAll<HTMLElement>('[data-product-tabs]:not([data-tabs-ready])').forEach(setUp);
}
