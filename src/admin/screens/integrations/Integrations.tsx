import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  API_TOKEN_SCOPES,
  hasCapability,
  WEBHOOK_EVENTS,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenList,
  type IntegrationDelivery,
  type ListAnswer,
  type TelegramSettings,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEndpointList,
} from '../../../contract/admin';
import { AdminApiError, api } from '../../api/client';
import { useStaff } from '../../api/session';
import { useWrite } from '../../api/write';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { useI18n } from '../../i18n';
import { dateTime } from '../../lib/format';
import './integrations.css';

const WEBHOOKS_KEY = ['integrations', 'webhooks'];
const TOKENS_KEY = ['integrations', 'tokens'];
const TELEGRAM_KEY = ['integrations', 'telegram'];
const DELIVERIES_KEY = ['integrations', 'deliveries'];

type FieldErrors = Record<string, string>;
const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof AdminApiError ? Object.fromEntries(Object.entries(error.errors.fields).map(([k, v]) => [k, v.join(' ')])) : {};

/** The owner's integrations: webhooks with their delivery log, API tokens and Telegram alerts. */
export default function Integrations() {
  const { t } = useI18n();
  const me = useStaff();
  const allowed = hasCapability(me.role, 'integrations');
  return (
    <>
      <h1>{t('integrations.title')}</h1>
      <p className="muted">{t('integrations.intro')}</p>
      {allowed ? (
        <>
          <Webhooks />
          <Tokens />
          <Telegram />
        </>
      ) : (
        <div className="state state-empty" role="note" data-testid="integrations-owner-only">
          <p>{t('integrations.ownerOnly', { role: t(`roles.${me.role}`) })}</p>
        </div>
      )}
    </>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? t('integrations.copied') : t('integrations.copy')}
    </button>
  );
}

/** A secret shown once (an endpoint's signing secret, a new token). */
function ShownOnce({ title, text, secret, onClose }: { title: string; text: string; secret: string; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('integrations.done')}
        </button>
      }
    >
      <p>{text}</p>
      <code className="integrations-secret" data-testid="shown-once">
        {secret}
      </code>
      <CopyButton text={secret} />
    </Dialog>
  );
}

const STATUS_BADGE: Record<IntegrationDelivery['status'], string> = {
  pending: 'badge badge-warn',
  delivered: 'badge badge-ok',
  failed: 'badge badge-danger',
};

function DeliveryLog({ path, title }: { path: string; title: string }) {
  const { t, lang } = useI18n();
  const query = useQuery({
    queryKey: [...DELIVERIES_KEY, path],
    queryFn: () => api.get<ListAnswer<IntegrationDelivery>>(path, { perPage: 25 }),
  });
  const replay = useWrite({
    mutationFn: (id: string) => api.post<IntegrationDelivery>(`/integrations/deliveries/${id}/replay`),
    invalidate: [DELIVERIES_KEY],
    success: t('integrations.webhooks.replayed'),
  });
  return (
    <section className="integrations-log" aria-label={title}>
      <div className="page-head">
        <h3>{title}</h3>
        <button type="button" className="btn btn-small btn-ghost" onClick={() => void query.refetch()}>
          ↻
        </button>
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState>{t('integrations.webhooks.noDeliveries')}</EmptyState>
      ) : (
        <table className="list-table" data-testid="delivery-log">
          <thead>
            <tr>
              <th scope="col">{t('integrations.webhooks.when')}</th>
              <th scope="col">{t('integrations.webhooks.event')}</th>
              <th scope="col">{t('integrations.webhooks.status')}</th>
              <th scope="col">{t('integrations.webhooks.response')}</th>
              <th scope="col" className="num">
                {t('integrations.webhooks.duration')}
              </th>
              <th scope="col" className="num">
                {t('integrations.webhooks.attempts')}
              </th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((delivery) => (
              <tr key={delivery.id} data-event={delivery.event} data-status={delivery.status}>
                <td data-label={t('integrations.webhooks.when')}>{dateTime(delivery.createdAt, lang)}</td>
                <td data-label={t('integrations.webhooks.event')}>
                  {t(`integrations.webhooks.eventNames.${delivery.event}`, { defaultValue: delivery.event })}
                </td>
                <td data-label={t('integrations.webhooks.status')}>
                  <span className={STATUS_BADGE[delivery.status]}>{t(`integrations.webhooks.statuses.${delivery.status}`)}</span>
                </td>
                <td data-label={t('integrations.webhooks.response')}>
                  <div className="integrations-excerpt" title={delivery.responseExcerpt ?? delivery.lastError ?? ''}>
                    {delivery.responseStatus ?? '—'}{' '}
                    {delivery.responseStatus === null ? (delivery.lastError ?? '') : (delivery.responseExcerpt ?? '')}
                  </div>
                </td>
                <td className="num" data-label={t('integrations.webhooks.duration')}>
                  {delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}
                </td>
                <td className="num" data-label={t('integrations.webhooks.attempts')}>
                  {delivery.attempts}
                </td>
                <td>
                  {delivery.status === 'pending' ? null : (
                    <button type="button" className="btn btn-small" disabled={replay.isPending} onClick={() => replay.mutate(delivery.id)}>
                      {t('integrations.webhooks.replay')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Webhooks() {
  const { t } = useI18n();
  const query = useQuery({ queryKey: WEBHOOKS_KEY, queryFn: () => api.get<WebhookEndpointList>('/integrations/webhooks') });
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const remove = useWrite({
    mutationFn: (endpoint: WebhookEndpoint) => api.delete<void>(`/integrations/webhooks/${endpoint.id}`),
    invalidate: [WEBHOOKS_KEY],
    success: t('integrations.webhooks.deleted'),
    onSuccess: () => setDeleting(null),
  });
  return (
    <section className="card" aria-labelledby="webhooks-title">
      <div className="page-head">
        <div>
          <h2 id="webhooks-title" className="section-title">
            {t('integrations.webhooks.title')}
          </h2>
          <p className="muted">{t('integrations.webhooks.intro')}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {t('integrations.webhooks.add')}
        </button>
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState>{t('integrations.webhooks.none')}</EmptyState>
      ) : (
        <table className="list-table">
          <thead>
            <tr>
              <th scope="col">{t('integrations.webhooks.url')}</th>
              <th scope="col">{t('integrations.webhooks.events')}</th>
              <th scope="col">{t('integrations.webhooks.status')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((endpoint) => (
              <tr key={endpoint.id} data-endpoint={endpoint.url}>
                <td data-label={t('integrations.webhooks.url')}>
                  <div>
                    <code>{endpoint.url}</code>
                    {endpoint.description ? <div className="muted small">{endpoint.description}</div> : null}
                  </div>
                </td>
                <td data-label={t('integrations.webhooks.events')}>
                  {endpoint.events.map((event) => t(`integrations.webhooks.eventNames.${event}`, { defaultValue: event })).join(', ')}
                </td>
                <td data-label={t('integrations.webhooks.status')}>
                  <span className={endpoint.enabled ? 'badge badge-ok' : 'badge'}>
                    {endpoint.enabled ? t('integrations.webhooks.enabled') : t('integrations.webhooks.disabled')}
                  </span>
                </td>
                <td>
                  <div className="row-actions">
                    <button type="button" className="btn btn-small" onClick={() => setLogOf(logOf === endpoint.id ? null : endpoint.id)}>
                      {logOf === endpoint.id ? t('integrations.webhooks.hideLog') : t('integrations.webhooks.log')}
                    </button>
                    <button type="button" className="btn btn-small" onClick={() => setEditing(endpoint)}>
                      {t('integrations.webhooks.edit')}
                    </button>
                    <button type="button" className="btn btn-small btn-danger" onClick={() => setDeleting(endpoint)}>
                      {t('integrations.webhooks.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {logOf ? <DeliveryLog path={`/integrations/webhooks/${logOf}/deliveries`} title={t('integrations.webhooks.log')} /> : null}
      {editing ? (
        <EndpointDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setSecret(created.secret);
            setLogOf(created.endpoint.id);
          }}
        />
      ) : null}
      {secret ? (
        <ShownOnce
          title={t('integrations.webhooks.secretTitle')}
          text={t('integrations.webhooks.secretText')}
          secret={secret}
          onClose={() => setSecret(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          open
          danger
          title={t('integrations.webhooks.deleteTitle')}
          confirmLabel={t('integrations.webhooks.delete')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>{t('integrations.webhooks.deleteText', { url: deleting.url })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function EndpointDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: WebhookEndpointCreated) => void;
}) {
  const { t } = useI18n();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? ['order.created']);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useWrite<Record<string, unknown>, WebhookEndpoint | WebhookEndpointCreated>({
    mutationFn: (body) =>
      endpoint
        ? api.put<WebhookEndpoint>(`/integrations/webhooks/${endpoint.id}`, { ...body, version: endpoint.version })
        : api.post<WebhookEndpointCreated>('/integrations/webhooks', body),
    invalidate: [WEBHOOKS_KEY],
    success: endpoint ? t('integrations.webhooks.saved') : t('integrations.webhooks.created'),
    onSuccess: (result) => {
      if ('secret' in result) onCreated(result);
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate({ url, description, events, enabled }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  const formId = 'webhook-endpoint-form';
  return (
    <Dialog
      open
      onClose={onClose}
      title={endpoint ? t('integrations.webhooks.editTitle') : t('integrations.webhooks.addTitle')}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('integrations.webhooks.save')}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <Field label={t('integrations.webhooks.url')} error={errors.url}>
          <input type="url" name="url" autoComplete="off" value={url} onChange={(e) => setUrl(e.target.value)} />
        </Field>
        <Field label={t('integrations.webhooks.description')} error={errors.description}>
          <input name="description" autoComplete="off" value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <fieldset className="integrations-checks">
          <legend>{t('integrations.webhooks.events')}</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="integrations-check">
              <input
                type="checkbox"
                name="events"
                value={name}
                checked={events.includes(name)}
                onChange={(e) => setEvents(e.target.checked ? [...events, name] : events.filter((x) => x !== name))}
              />
              {t(`integrations.webhooks.eventNames.${name}`)}
            </label>
          ))}
          {errors.events ? <p className="field-error">{errors.events}</p> : null}
        </fieldset>
        <label className="integrations-check">
          <input type="checkbox" name="enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{' '}
          {t('integrations.webhooks.enabled')}
        </label>
      </form>
    </Dialog>
  );
}

function Tokens() {
  const { t, lang } = useI18n();
  const query = useQuery({ queryKey: TOKENS_KEY, queryFn: () => api.get<ApiTokenList>('/integrations/tokens') });
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useWrite({
    mutationFn: (token: ApiToken) => api.post<ApiToken>(`/integrations/tokens/${token.id}/revoke`),
    invalidate: [TOKENS_KEY],
    success: t('integrations.tokens.wasRevoked'),
    onSuccess: () => setRevoking(null),
  });
  return (
    <section className="card" aria-labelledby="tokens-title">
      <div className="page-head">
        <div>
          <h2 id="tokens-title" className="section-title">
            {t('integrations.tokens.title')}
          </h2>
          <p className="muted">{t('integrations.tokens.intro')}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          {t('integrations.tokens.add')}
        </button>
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState>{t('integrations.tokens.none')}</EmptyState>
      ) : (
        <table className="list-table">
          <thead>
            <tr>
              <th scope="col">{t('integrations.tokens.name')}</th>
              <th scope="col">{t('integrations.tokens.scopes')}</th>
              <th scope="col">{t('integrations.tokens.madeBy')}</th>
              <th scope="col">{t('integrations.tokens.lastUsed')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((token) => (
              <tr key={token.id} data-token={token.name}>
                <td data-label={t('integrations.tokens.name')}>
                  <div>
                    <strong>{token.name}</strong>
                    <div className="muted small">
                      <code>{token.prefix}…</code>
                    </div>
                  </div>
                </td>
                <td data-label={t('integrations.tokens.scopes')}>
                  {token.scopes.map((scope) => t(`integrations.tokens.scopeNames.${scope}`, { defaultValue: scope })).join(', ')}
                </td>
                <td data-label={t('integrations.tokens.madeBy')}>
                  {token.staffName}
                  <div className="muted small">{dateTime(token.createdAt, lang)}</div>
                </td>
                <td data-label={t('integrations.tokens.lastUsed')}>
                  {token.lastUsedAt ? dateTime(token.lastUsedAt, lang) : t('integrations.tokens.never')}
                </td>
                <td>
                  {token.revokedAt ? (
                    <span className="badge badge-danger">{t('integrations.tokens.revoked')}</span>
                  ) : (
                    <button type="button" className="btn btn-small btn-danger" onClick={() => setRevoking(token)}>
                      {t('integrations.tokens.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {adding ? <TokenDialog onClose={() => setAdding(false)} onCreated={(created) => setShown(created.token)} /> : null}
      {shown ? (
        <ShownOnce
          title={t('integrations.tokens.tokenTitle')}
          text={t('integrations.tokens.tokenText')}
          secret={shown}
          onClose={() => setShown(null)}
        />
      ) : null}
      {revoking ? (
        <ConfirmDialog
          open
          danger
          title={t('integrations.tokens.revokeTitle', { name: revoking.name })}
          confirmLabel={t('integrations.tokens.revoke')}
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking)}
          onClose={() => setRevoking(null)}
        >
          <p>{t('integrations.tokens.revokeText')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function TokenDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (created: ApiTokenCreated) => void }) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['orders:read']);
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useWrite({
    mutationFn: (body: Record<string, unknown>) => api.post<ApiTokenCreated>('/integrations/tokens', body),
    invalidate: [TOKENS_KEY],
    success: t('integrations.tokens.created'),
    onSuccess: (created) => {
      onCreated(created);
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (!currentPassword) {
      setErrors({ currentPassword: t('stepUp.required') });
      return;
    }
    create.mutate({ name, scopes, currentPassword }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  const formId = 'api-token-form';
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('integrations.tokens.addTitle')}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? t('common.saving') : t('integrations.tokens.add')}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <Field label={t('integrations.tokens.name')} error={errors.name}>
          <input name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <fieldset className="integrations-checks">
          <legend>{t('integrations.tokens.scopes')}</legend>
          {API_TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="integrations-check">
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                checked={scopes.includes(scope)}
                onChange={(e) => setScopes(e.target.checked ? [...scopes, scope] : scopes.filter((x) => x !== scope))}
              />
              {t(`integrations.tokens.scopeNames.${scope}`)}
            </label>
          ))}
          {errors.scopes ? <p className="field-error">{errors.scopes}</p> : null}
        </fieldset>
        <Field label={t('stepUp.password')} hint={t('stepUp.text')} error={errors.currentPassword}>
          <input
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}

function Telegram() {
  const { t } = useI18n();
  const query = useQuery({ queryKey: TELEGRAM_KEY, queryFn: () => api.get<TelegramSettings>('/integrations/telegram') });
  return (
    <section className="card" aria-labelledby="telegram-title">
      <h2 id="telegram-title" className="section-title">
        {t('integrations.telegram.title')}
      </h2>
      <p className="muted">{t('integrations.telegram.intro')}</p>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <TelegramForm key={query.data.version} saved={query.data} />
      )}
      <DeliveryLog path="/integrations/telegram/deliveries" title={t('integrations.telegram.log')} />
    </section>
  );
}

function TelegramForm({ saved }: { saved: TelegramSettings }) {
  const { t } = useI18n();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [chatId, setChatId] = useState(saved.chatId);
  const [botToken, setBotToken] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useWrite({
    mutationFn: (body: Record<string, unknown>) => api.put<TelegramSettings>('/integrations/telegram', body),
    invalidate: [TELEGRAM_KEY],
    success: t('integrations.telegram.saved'),
  });
  const test = useWrite({
    mutationFn: () => api.post<{ id: string }>('/integrations/telegram/test'),
    invalidate: [DELIVERIES_KEY],
    success: t('integrations.telegram.testQueued'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      { enabled, chatId, ...(botToken ? { botToken } : {}), version: saved.version },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      <label className="integrations-check">
        <input type="checkbox" name="enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{' '}
        {t('integrations.telegram.enabled')}
      </label>
      <Field
        label={t('integrations.telegram.botToken')}
        hint={saved.botTokenSet ? t('integrations.telegram.botTokenSet') : undefined}
        error={errors.botToken}
      >
        <input type="password" name="botToken" autoComplete="off" value={botToken} onChange={(e) => setBotToken(e.target.value)} />
      </Field>
      <Field label={t('integrations.telegram.chatId')} error={errors.chatId}>
        <input name="chatId" autoComplete="off" value={chatId} onChange={(e) => setChatId(e.target.value)} />
      </Field>
      <div className="row-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('integrations.telegram.save')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={test.isPending || !saved.enabled || !saved.botTokenSet}
          onClick={() => test.mutate(undefined)}
        >
          {t('integrations.telegram.test')}
        </button>
      </div>
    </form>
  );
}
