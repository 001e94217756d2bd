import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { clientAddressOf, withClientAddress } from '../../src/server/client-address';

const request = (headers: Record<string, string> = {}) => new Request('http://shop.test/api/login_check', { headers });

describe('client address for throttling', () => {
  it('uses the socket address and ignores X-Forwarded-For unless proxies are trusted', () => {
    expect(clientAddressOf(request({ 'x-forwarded-for': '6.6.6.6' }), '10.0.0.5', 0)).toBe('10.0.0.5');
  });
  it('behind one proxy takes the entry that proxy appended, not a forged left-most one', () => {
    expect(clientAddressOf(request({ 'x-forwarded-for': '6.6.6.6, 1.2.3.4' }), '10.0.0.1', 1)).toBe('1.2.3.4');
    expect(clientAddressOf(request({ 'x-forwarded-for': '1.2.3.4' }), '10.0.0.1', 1)).toBe('1.2.3.4');
  });
  it('behind two proxies takes the second entry from the right', () => {
    const forwarded = '6.6.6.6, 7.7.7.7, 1.2.3.4, 10.0.0.2';
    expect(clientAddressOf(request({ 'x-forwarded-for': forwarded }), '10.0.0.1', 2)).toBe('1.2.3.4');
  });
  it('reads repeated X-Forwarded-For headers as one list', () => {
    const headers = new Headers();
    headers.append('x-forwarded-for', '6.6.6.6');
    headers.append('x-forwarded-for', '1.2.3.4');
    expect(clientAddressOf(new Request('http://shop.test/', { headers }), '10.0.0.1', 1)).toBe('1.2.3.4');
  });
  it('falls back to the socket address, then unknown', () => {
    expect(clientAddressOf(request(), '10.0.0.1', 1)).toBe('10.0.0.1');
    expect(clientAddressOf(request(), undefined, 0)).toBe('unknown');
  });
  it('overwrites an address header sent by the client', () => {
    const r = withClientAddress(request({ 'x-shop-client-ip': 'spoofed' }), '1.2.3.4');
    expect(r.headers.get('x-shop-client-ip')).toBe('1.2.3.4');
  });
  it('reads TRUST_PROXY as a number of proxies, keeping the old true/false', () => {
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({}).trustProxy).toBe(0);
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
