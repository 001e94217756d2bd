import {
  MAX_NOTIFICATIONS,
  NOTIFICATION_EVENT,
  NOTIFICATION_TIMEOUT_MS,
  withNotification,
  type ShopNotification,
} from '../lib/notifications';

/**
 * The notifications area of both layouts (`[data-notifications]`, with its texts in `data-texts`): shows what
 * `shop-notification` events announce (failed calls, from the browser API client) and going offline or back
 * online. Plain DOM, no framework: it is on every page.
 */
type Texts = { notification: string; alert: string; offline: string; online: string; close: string };
type Shown = ShopNotification & { id: number };

function start(root: HTMLElement): void {
  const texts = JSON.parse(root.dataset['texts'] ?? '{}') as Texts;
  let shown: Shown[] = [];
  let nextId = 1;

  const render = () => {
    root.replaceChildren(
      ...shown.map((item) => {
        const box = document.createElement('div');
        box.className = `notification notification--${item.kind}`;
        box.setAttribute('role', item.kind === 'alert' || item.kind === 'offline' ? 'alert' : 'status');
        const text = document.createElement('p');
        text.textContent = item.text ?? texts[item.kind];
        const close = document.createElement('button');
        close.type = 'button';
        close.className = 'notification__close';
        close.setAttribute('aria-label', texts.close);
        close.textContent = '×';
        close.addEventListener('click', () => remove(item.id));
        box.append(text, close);
        return box;
      }),
    );
  };
  const remove = (id: number) => {
    shown = shown.filter((item) => item.id !== id);
    render();
  };
  const show = (notification: ShopNotification) => {
    const item: Shown = { ...notification, id: nextId++ };
    shown = withNotification(shown, item, MAX_NOTIFICATIONS);
    render();
    if (item.kind !== 'offline') window.setTimeout(() => remove(item.id), NOTIFICATION_TIMEOUT_MS);
  };

  document.addEventListener(NOTIFICATION_EVENT, (event) => {
    const detail = (event as CustomEvent<ShopNotification>).detail;
    if (detail && typeof detail.kind === 'string') show({ kind: detail.kind, text: typeof detail.text === 'string' ? detail.text : null });
  });
  window.addEventListener('offline', () => show({ kind: 'offline', text: null }));
  window.addEventListener('online', () => show({ kind: 'online', text: null }));
  if (!navigator.onLine) show({ kind: 'offline', text: null });
}

const root = document.querySelector<HTMLElement>('[data-notifications]');
if (root) start(root);
