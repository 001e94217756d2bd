import { describe, expect, it } from 'vitest';
import { mediaAddress, mediaName, parseContentAddress, retiredAddress } from '../../src/lib/media-address';

const hash = 'ab'.repeat(32);

describe('media addresses', () => {
  it('names an original by its hash, with a readable name made of the file name', () => {
    expect(mediaAddress(hash, 'C:\\photos\\Red Square (1).PNG', 'png')).toBe(`/media/${hash}/red-square-1.png`);
    expect(mediaAddress(hash, 'Кружка «Утро».jpg', 'jpg')).toBe(`/media/${hash}/${encodeURIComponent('кружка-утро')}.jpg`);
    expect(mediaName('...')).toBe('image');
    expect(mediaName(`${'a'.repeat(79)} b.jpg`)).toBe('a'.repeat(79));
  });

  it('reads a content address back, whatever its name, and nothing else as one', () => {
    expect(parseContentAddress(`${hash}/red-square.png`)).toEqual({ hash, extension: 'png' });
    expect(parseContentAddress(`${hash}/кружка.JPG`)).toEqual({ hash, extension: 'jpg' });
    for (const other of [
      'library/2f9c.png',
      `${hash}`,
      `${hash}/noextension`,
      `${hash.toUpperCase()}/a.png`,
      `${hash}/a/b.png`,
      `x${hash}/a.png`,
    ]) {
      expect(parseContentAddress(other), other).toBeNull();
    }
    expect(retiredAddress(hash)).toBe(`/media/${hash}`);
  });
});
