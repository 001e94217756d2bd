import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';

/** Writes a file aside and renames it into place: a reader, or another writer of the same bytes, never sees half of it. */
export async function writeWhole(file: string, data: Buffer): Promise<void> {
  const partial = `${file}.${randomUUID()}.part`;
  try {
    await fs.writeFile(partial, data);
    await fs.rename(partial, file);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/** Reads a file that may be gone (deleted, or evicted from a cache): null then. */
export function readIfThere(file: string): Promise<Buffer | null> {
  return fs.readFile(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  });
}
