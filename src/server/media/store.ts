import type { Database } from '../db/client';

export const MEDIA_STORE_KINDS = ['fs', 'postgres', 's3'] as const;
export type MediaStoreKind = (typeof MEDIA_STORE_KINDS)[number];

export type MediaS3Settings = {
  bucket: string;
  /** an S3-compatible service's address; unset for AWS itself */
  endpoint: string | undefined;
  region: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted services need it) */
  forcePathStyle: boolean;
  /** prefix of every key, so the bucket may hold other things */
  prefix: string;
};

/**
 * Where image originals are kept, by the SHA-256 of their bytes. A key always names the same bytes, so writing a
 * key again, or two instances writing it at once, stores the same thing: `put` never needs to know if it exists.
 */
export interface MediaStore {
  readonly kind: MediaStoreKind;
  put(hash: string, data: Buffer, contentType: string): Promise<void>;
  get(hash: string): Promise<Buffer | null>;
  head(hash: string): Promise<{ size: number } | null>;
  delete(hash: string): Promise<void>;
  /** the file on this machine that holds the original, for a store on local disk (no copy into the cache needed) */
  localPath?(hash: string): string;
  close(): Promise<void>;
}

export type MediaStoreContext = { dataDir: string; db: Database; s3: MediaS3Settings | undefined };

/** Opens a store; the S3 client is loaded only by shops that use it. */
export async function openMediaStore(kind: MediaStoreKind, context: MediaStoreContext): Promise<MediaStore> {
  switch (kind) {
    case 'fs':
      return new (await import('./fs-store')).FsMediaStore(context.dataDir);
    case 'postgres':
      return new (await import('./postgres-store')).PostgresMediaStore(context.db);
    case 's3': {
      if (!context.s3) throw new Error('The shop keeps its images in S3, but MEDIA_S3_BUCKET is not set on this instance');
      return new (await import('./s3-store')).S3MediaStore(context.s3);
    }
  }
}
