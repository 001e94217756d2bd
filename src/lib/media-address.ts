/**
 * Addresses of shop images. An image is served at `/media/<hash>/<name>.<ext>`, where `hash` is the SHA-256 of its
 * original's bytes: the address names one content forever, so it may be cached for good, and a new file gives the
 * image a new address. The name is only for people and search engines; the hash alone finds the original.
 */

/** SHA-256 in lower-case hex. */
const HASH = /^[0-9a-f]{64}$/;

export const isMediaHash = (value: string): boolean => HASH.test(value);

/** Extensions an original may be served with. */
const EXTENSION = /^[a-z0-9]{2,5}$/;

/** The readable part of an address: the file's name without its extension, folders or characters a URL must escape. */
export function mediaName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '');
  const name = base
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return name || 'image';
}

/** `/media/<hash>/<name>.<ext>` of an original; the name is percent-encoded, so the address is a valid URL path. */
export function mediaAddress(hash: string, fileName: string, extension: string): string {
  return `/media/${hash}/${encodeURIComponent(mediaName(fileName))}.${extension}`;
}

export type ContentAddress = { hash: string; extension: string };

/**
 * Reads a media path (what follows `/media/`, decoded) as a content address, or null when it is another kind of
 * path (an address from before images were content-addressed, which is looked up and redirected).
 */
export function parseContentAddress(path: string): ContentAddress | null {
  const parts = path.split('/');
  if (parts.length !== 2) return null;
  const [hash, file] = parts as [string, string];
  const dot = file.lastIndexOf('.');
  const extension = dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
  return isMediaHash(hash) && EXTENSION.test(extension) ? { hash, extension } : null;
}

/** The address a retired original is recorded under (any name and extension after it redirect alike). */
export const retiredAddress = (hash: string): string => `/media/${hash}`;
