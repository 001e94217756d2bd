import { describe, expect, it } from 'vitest';
import { listeningOrigin, readConfig } from '../../src/server/config';

describe('the public URL', () => {
  it('defaults to the address the server listens on', () => {
    expect(readConfig({ PORT: '4600' }).publicUrl).toBe('http://localhost:4600');
    expect(readConfig({ PORT: '4600', HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:4600');
    expect(readConfig({ HOST: 'shop.lan', PORT: '8080' }).publicUrl).toBe('http://shop.lan:8080');
    expect(readConfig({}).publicUrl).toBe('http://localhost:4321');
  });

  it('is PUBLIC_URL when set, without a trailing slash', () => {
    expect(readConfig({ PORT: '4600', PUBLIC_URL: 'https://shop.example.com/' }).publicUrl).toBe('https://shop.example.com');
  });

  it('writes IPv6 listening addresses in brackets', () => {
    expect(listeningOrigin('fd00::5', 4321)).toBe('http://[fd00::5]:4321');
    expect(listeningOrigin('::', 4321)).toBe('http://localhost:4321');
  });
});
