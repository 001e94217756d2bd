import type { OrderState } from '../api/types';
import { useT } from '../i18n';

/** An order's state with the shop's own title and colour for it. */
export function StatusBadge({ code, states }: { code: string; states: OrderState[] | undefined }) {
  const state = states?.find((s) => s.code === code);
  return (
    <span className="badge status-badge" style={state?.color ? { ['--badge-color' as string]: state.color } : undefined}>
      {state?.title ?? code}
    </span>
  );
}

const PAYMENT_TONE: Record<string, string> = {
  completed: 'ok',
  authorized: 'warn',
  refunded: 'muted',
  failed: 'danger',
  canceled: 'muted',
  pending: 'warn',
  new: 'warn',
};

export function PaymentBadge({ status }: { status: string }) {
  const t = useT();
  return <span className={`badge badge-${PAYMENT_TONE[status] ?? 'muted'}`}>{t(`payment.${status}`, { defaultValue: status })}</span>;
}

export function ModerationBadge({ status }: { status: string }) {
  const t = useT();
  const tone = status === 'approved' ? 'ok' : status === 'rejected' ? 'danger' : 'warn';
  return <span className={`badge badge-${tone}`}>{t(`moderation.status.${status}`, { defaultValue: status })}</span>;
}
