import { describe, expect, it } from 'vitest';
import { clientAddressOf, withClientAddress } from '../../src/server/client-address';

const request = (headers: Record<string, string> = {}) => new Request('http://shop.test/api/login_check', { headers });

describe('client address for throttling', () => {
  it('uses the socket address and ignores X-Forwarded-For unless the proxy is trusted', () => {
    expect(clientAddressOf(request({ 'x-forwarded-for': '6.6.6.6' }), '10.0.0.5', false)).toBe('10.0.0.5');
  });
  it('uses the first X-Forwarded-For entry behind a trusted proxy', () => {
    expect(clientAddressOf(request({ 'x-forwarded-for': '1.2.3.4, 10.0.0.1' }), '10.0.0.1', true)).toBe('1.2.3.4');
  });
  it('falls back to unknown', () => {
    expect(clientAddressOf(request(), undefined, false)).toBe('unknown');
  });
  it('overwrites an address header sent by the client', () => {
    const r = withClientAddress(request({ 'x-shop-client-ip': 'spoofed' }), '1.2.3.4');
    expect(r.headers.get('x-shop-client-ip')).toBe('1.2.3.4');
  });
});
