import fs from 'node:fs/promises';
import path from 'node:path';
import { readIfThere, writeWhole } from './files';
import type { MediaStore } from './store';

/** Originals as files under `{dataDir}/media`, in folders by their hash's first two characters: for one instance. */
export class FsMediaStore implements MediaStore {
  readonly kind = 'fs' as const;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'media');
  }

  localPath(hash: string): string {
    return path.join(this.root, hash.slice(0, 2), hash);
  }

  async put(hash: string, data: Buffer): Promise<void> {
    const file = this.localPath(hash);
    if ((await this.head(hash))?.size === data.length) return;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeWhole(file, data);
  }

  get(hash: string): Promise<Buffer | null> {
    return readIfThere(this.localPath(hash));
  }

  async head(hash: string): Promise<{ size: number } | null> {
    const stat = await fs.stat(this.localPath(hash)).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    });
    return stat?.isFile() ? { size: stat.size } : null;
  }

  async delete(hash: string): Promise<void> {
    await fs.rm(this.localPath(hash), { force: true });
  }

  async close(): Promise<void> {}
}
