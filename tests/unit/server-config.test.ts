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

  it('is warned about at start when not set, naming the address links will point at', () => {
    expect(readConfig({ HOST: '127.0.0.1', PORT: '4600' }).publicUrlWarning).toMatch(
      /^PUBLIC_URL is not set: e-mail and payment links will point at http:\/\/localhost:4600\b/,
    );
    expect(readConfig({ PUBLIC_URL: 'https://shop.example.com' }).publicUrlWarning).toBeNull();
  });

  it('writes IPv6 listening addresses in brackets', () => {
    expect(listeningOrigin('fd00::5', 4321)).toBe('http://[fd00::5]:4321');
    expect(listeningOrigin('::', 4321)).toBe('http://localhost:4321');
  });
});

describe('the media store settings', () => {
  it('default to fs, and the s3 store needs its bucket', () => {
    expect(readConfig({}).mediaStore).toBe('fs');
    expect(readConfig({}).mediaS3).toBeUndefined();
    expect(() => readConfig({ MEDIA_STORE: 's3' })).toThrow('MEDIA_S3_BUCKET: required when MEDIA_STORE=s3');
    expect(() => readConfig({ MEDIA_STORE: 'nfs' })).toThrow('MEDIA_STORE');
    expect(
      readConfig({
        MEDIA_STORE: 's3',
        MEDIA_S3_BUCKET: 'pictures',
        MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
      }).mediaS3,
    ).toEqual({
      bucket: 'pictures',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'originals/',
    });
  });
});
