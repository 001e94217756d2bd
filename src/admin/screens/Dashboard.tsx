import { Link } from 'react-router';
import { hasCapability, type SetupChecklist, type SetupStep } from '../../contract/admin';
import { api } from '../api/client';
import { useStaff } from '../api/session';
import { useWrite } from '../api/write';
import { useDashboard } from '../components/Layout';
import { ErrorState, LoadingState } from '../components/States';
import { useI18n } from '../i18n';
import { money, utcDay } from '../lib/format';

/** The day at a glance: sales, and every queue that waits for someone, each linking to its filtered list. */
export default function Dashboard() {
  const { t, lang } = useI18n();
  const query = useDashboard();
  // the dashboard counts from midnight UTC, so its tiles open the list from that same day
  const today = utcDay(new Date());
  const weekStart = utcDay(new Date(Date.now() - 6 * 86_400_000));
  return (
    <>
      <h1>{t('dashboard.title')}</h1>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data.setup.dismissed ? null : <GuidedStart setup={query.data.setup} />}
          <section aria-labelledby="dash-sales">
            <h2 id="dash-sales" className="section-title">
              {t('dashboard.sales')}
            </h2>
            <div className="tiles">
              <Tile
                to={`/orders?from=${today}`}
                label={t('dashboard.today')}
                value={String(query.data.today.orders)}
                note={money(query.data.today.revenueCents, query.data.currency, lang)}
              />
              <Tile
                to={`/orders?from=${weekStart}`}
                label={t('dashboard.week')}
                value={String(query.data.week.orders)}
                note={money(query.data.week.revenueCents, query.data.currency, lang)}
              />
            </div>
          </section>
          <section aria-labelledby="dash-waiting">
            <h2 id="dash-waiting" className="section-title">
              {t('dashboard.waiting')}
            </h2>
            <div className="tiles">
              <Tile
                to="/orders?paymentStatus=unpaid"
                label={t('dashboard.unpaid')}
                value={String(query.data.unpaidOrders)}
                attention={query.data.unpaidOrders > 0}
              />
              <Tile
                to="/orders?awaitingPrice=true"
                label={t('dashboard.awaitingPrice')}
                value={String(query.data.awaitingDeliveryPrice)}
                attention={query.data.awaitingDeliveryPrice > 0}
              />
              <Tile
                to="/moderation/reviews?status=pending"
                label={t('dashboard.pendingReviews')}
                value={String(query.data.pendingReviews)}
                attention={query.data.pendingReviews > 0}
              />
              <Tile
                to="/moderation/comments?status=pending"
                label={t('dashboard.pendingComments')}
                value={String(query.data.pendingComments)}
                attention={query.data.pendingComments > 0}
              />
              <Tile
                to="/leads?handled=false"
                label={t('dashboard.newLeads')}
                value={String(query.data.newLeads)}
                attention={query.data.newLeads > 0}
              />
            </div>
          </section>
          <section aria-labelledby="dash-stock" className="card">
            <h2 id="dash-stock" className="section-title">
              {t('dashboard.lowStock')}
            </h2>
            {query.data.lowStock.length === 0 ? (
              <p className="muted">{t('dashboard.stockFine')}</p>
            ) : (
              <ul className="stock-list">
                {query.data.lowStock.map((item) => (
                  <li key={`${item.productId}-${item.variationId ?? ''}`}>
                    <span>
                      {item.title}
                      {item.sku ? <span className="muted"> · {item.sku}</span> : null}
                    </span>
                    <span className={item.stock <= 0 ? 'badge badge-danger' : 'badge badge-warn'}>
                      {item.stock <= 0 ? t('dashboard.outOfStock') : t('dashboard.inStock', { count: item.stock })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </>
  );
}

function Tile({ to, label, value, note, attention }: { to: string; label: string; value: string; note?: string; attention?: boolean }) {
  return (
    <Link to={to} className={attention ? 'tile tile-attention' : 'tile'}>
      <span className="tile-label">{label}</span>
      <span className="tile-value">{value}</span>
      {note ? <span className="tile-note">{note}</span> : null}
    </Link>
  );
}

/** Where each step of the guided start is done. */
const STEP_LINKS: Record<SetupStep, { to: string; external?: boolean }[]> = {
  logoAndContacts: [{ to: '/settings/header' }, { to: '/settings/common' }],
  product: [{ to: '/products/new' }],
  delivery: [{ to: '/delivery' }],
  payment: [{ to: '/payments' }],
  homepage: [{ to: '/builder' }],
  testOrder: [{ to: '/', external: true }],
};

/** A new shop's first steps, ticked as the shop gets each; the owner can put the list away. */
function GuidedStart({ setup }: { setup: SetupChecklist }) {
  const { t } = useI18n();
  const staff = useStaff();
  const done = setup.steps.filter((step) => step.done).length;
  const hide = useWrite<void, SetupChecklist>({
    mutationFn: () => api.put<SetupChecklist>('/setup-checklist', { dismissed: true }),
    invalidate: [['dashboard']],
  });
  return (
    <section aria-labelledby="dash-setup" className="card setup-checklist">
      <div className="setup-head">
        <div>
          <h2 id="dash-setup" className="section-title">
            {done === setup.steps.length ? t('dashboard.setup.ready') : t('dashboard.setup.title')}
          </h2>
          <p className="muted small">{t('dashboard.setup.progress', { done, total: setup.steps.length })}</p>
        </div>
        {hasCapability(staff.role, 'shop_setup') ? (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => hide.mutate()} disabled={hide.isPending}>
            {t('dashboard.setup.dismiss')}
          </button>
        ) : null}
      </div>
      <ol className="setup-steps">
        {setup.steps.map((step) => (
          <li key={step.key} className={step.done ? 'is-done' : undefined}>
            <span className="setup-mark" aria-hidden="true">
              {step.done ? '✓' : ''}
            </span>
            <span className="setup-text">
              <span className="strong">{t(`dashboard.setup.steps.${step.key}.title`)}</span>
              <span className="visually-hidden">: {step.done ? t('dashboard.setup.done') : t('dashboard.setup.todo')}</span>
              <span className="muted small">{t(`dashboard.setup.steps.${step.key}.hint`)}</span>
            </span>
            <span className="setup-links">
              {STEP_LINKS[step.key].map((link, i) =>
                link.external ? (
                  <a key={link.to} className="btn btn-small" href={link.to} target="_blank" rel="noopener">
                    {t(`dashboard.setup.steps.${step.key}.action${i || ''}`)}
                  </a>
                ) : (
                  <Link key={link.to} className="btn btn-small" to={link.to}>
                    {t(`dashboard.setup.steps.${step.key}.action${i || ''}`)}
                  </Link>
                ),
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
