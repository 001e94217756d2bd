import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logger';
import { redactPath } from '../../src/server/log-redaction';

/** Everything a logger writes, as text. */
function capture() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { logger, text: () => lines.join('') };
}

const SECRETS = {
  password: 'hunter2 horse battery',
  token: 'eyJhbGciOiJIUzI1NiJ9.payload.sig',
  orderSecret: 'Zr8yQ1m7d0bXnV4kP2sT9wLhC6aE5fGu',
  email: 'ada.lovelace@example.com',
  phone: '+7 (999) 123-45-67',
  name: 'Ada Lovelace',
  street: '214 Mercer Street',
};

describe('log redaction', () => {
  it('censors secrets and personal data in logged fields, however deep', () => {
    const { logger, text } = capture();
    logger.info({ to: SECRETS.email, subject: 'Your order' }, 'mail sent');
    logger.info(
      {
        body: { username: 'x', password: SECRETS.password },
        req: { headers: { authorization: `Bearer ${SECRETS.token}`, cookie: 'shop_admin=abc' } },
      },
      'request',
    );
    logger.warn(
      {
        order: {
          secretToken: SECRETS.orderSecret,
          customer: { name: SECRETS.name, phone: SECRETS.phone, email: SECRETS.email },
          receiver: { name: SECRETS.name },
        },
      },
      'order',
    );
    logger.info({ user: { email: SECRETS.email, firstName: 'Ada', lastName: 'Lovelace', address: { street: SECRETS.street } } }, 'profile');
    const written = text();
    for (const secret of Object.values(SECRETS)) expect(written).not.toContain(secret);
    expect(written).toContain('[redacted]');
    expect(written).toContain('Your order');
  });

  it('scrubs tokens and contacts from logged request paths and queries', () => {
    const { logger, text } = capture();
    logger.info({ path: `/reset_password_confirm/${SECRETS.orderSecret.slice(0, 10)}` }, 'page not found');
    logger.info({ path: `/api/orders/1042?token=${SECRETS.orderSecret}&lang=ru` }, 'request');
    logger.info({ url: `https://shop.example/payment/${SECRETS.orderSecret}?email=${encodeURIComponent(SECRETS.email)}` }, 'request');
    logger.info({ path: `/users/${encodeURIComponent(SECRETS.email)}` }, 'page not found');
    const written = text();
    expect(written).not.toContain(SECRETS.orderSecret);
    expect(written).not.toContain(SECRETS.orderSecret.slice(0, 10));
    expect(written).not.toContain('ada.lovelace');
    expect(written).toContain('/api/orders/1042?token=[redacted]&lang=ru');
  });

  it('keeps an error readable but drops the statement parameters a database error quotes', () => {
    const { logger, text } = capture();
    const error = Object.assign(new Error(`duplicate key for ${SECRETS.email}`), {
      params: [SECRETS.name, SECRETS.phone],
      detail: `Key (email)=(${SECRETS.email}) already exists.`,
      cause: Object.assign(new Error('insert failed'), { params: [SECRETS.street] }),
    });
    logger.error({ err: error, path: '/api/register' }, 'unhandled API error');
    const written = text();
    for (const secret of Object.values(SECRETS)) expect(written).not.toContain(secret);
    expect(written).toContain('duplicate key for [redacted]');
    expect(written).toContain('/api/register');
  });

  it('leaves ordinary paths alone', () => {
    expect(redactPath('/catalogs/shoes?page=2&sort=price_asc')).toBe('/catalogs/shoes?page=2&sort=price_asc');
    expect(redactPath('/products/red-leather-boots')).toBe('/products/red-leather-boots');
  });
});
