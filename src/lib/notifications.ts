/**
 * Notifications of spec 2.4 and 8: failed calls show a notification (most calls) or an alert (settings and
 * catalog calls). Failures the shopper can fix (a 4xx: a wrong password, a field error) are shown by the
 * form that sent them, so only calls that got no answer or a server error (5xx) become notifications.
 */
import { NO_RESPONSE_MESSAGE, UNKNOWN_ERROR_MESSAGE, type ApiClientError } from './api-client/errors';

export const NOTIFICATION_EVENT = 'shop-notification';
/** How long a notification stays, unless it is about being offline (that one stays until back online). */
export const NOTIFICATION_TIMEOUT_MS = 6000;
/** At most this many at once; the oldest goes first. */
export const MAX_NOTIFICATIONS = 3;

export type NotificationKind = 'notification' | 'alert' | 'offline' | 'online';
/** `text` null: the page's own generic text for the kind. */
export type ShopNotification = { kind: NotificationKind; text: string | null };

/** The notification a failed call shows, or null when the form that sent it shows the failure itself. */
export function notificationOfFailure(error: ApiClientError, severity: 'notify' | 'alert'): ShopNotification | null {
  const noAnswer = error.status === 'no status';
  if (!noAnswer && error.statusCode < 500) return null;
  const generic = noAnswer || error.message === NO_RESPONSE_MESSAGE || error.message === UNKNOWN_ERROR_MESSAGE || !error.message;
  return { kind: severity === 'alert' ? 'alert' : 'notification', text: generic ? null : error.message };
}

/** The list after `next` arrives: the same text is not shown twice, and the oldest beyond the limit go. */
export function withNotification<T extends ShopNotification>(list: readonly T[], next: T, max = MAX_NOTIFICATIONS): T[] {
  const others = list.filter(
    (item) => !(item.kind === next.kind && item.text === next.text) && !(next.kind === 'online' && item.kind === 'offline'),
  );
  return [...others, next].slice(-max);
}
