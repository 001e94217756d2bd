import { describe, expect, it } from 'vitest';
import { MAX_MAIL_ATTEMPTS, retryDelayMs } from '../../src/server/mail/backoff';
import { renderLayout, safeColour } from '../../src/server/mail/layout';

describe('mail retries', () => {
  it('back off exponentially from 30 seconds, capped at 6 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 3_600_000);
    expect(MAX_MAIL_ATTEMPTS).toBeGreaterThan(3);
  });
});

describe('mail layout', () => {
  const branding = { shopName: 'Tea <House>', logoUrl: 'https://shop.test/logo.png', accent: '#b4541a', shopUrl: 'https://shop.test/' };

  it('renders HTML and text from the same blocks, escaping what customers typed', () => {
    const mail = renderLayout(branding, 'en', {
      subject: 'Hello',
      heading: 'Order <1>',
      blocks: [
        { kind: 'text', text: 'Comment: <img src=x onerror=alert(1)>' },
        { kind: 'rows', rows: [{ label: 'Tea', value: '$5', strong: true }] },
        { kind: 'button', label: 'Pay', url: 'https://shop.test/payment?order=1&token=a"b' },
      ],
      footer: 'Tea House',
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x');
    expect(mail.html).toContain('token=a&quot;b');
    expect(mail.html).toContain('alt="Tea &lt;House&gt;"');
    expect(mail.html).toContain('background:#b4541a');
    expect(mail.text).toContain('Order <1>');
    expect(mail.text).toContain('Tea: $5');
    expect(mail.text).toContain('Pay: https://shop.test/payment?order=1&token=a"b');
  });

  it('accepts only hex colours, so a setting cannot inject styles', () => {
    expect(safeColour('#abc')).toBe('#abc');
    expect(safeColour('red;background:url(x)')).toBe('#2f6f4f');
    expect(safeColour(undefined, '#000')).toBe('#000');
  });
});
