import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { MediaS3Settings, MediaStore } from './store';

/** Files larger than this go up in parts of this size (S3 takes parts of 5 MiB and more). */
export const S3_PART_BYTES = 8 * 1024 * 1024;

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Originals in any S3-compatible storage. Credentials come from the SDK's usual sources (`AWS_ACCESS_KEY_ID` and
 * `AWS_SECRET_ACCESS_KEY`, a profile, an instance role). Checksums are sent only where the API requires them, as
 * not every S3-compatible service accepts the SDK's newer ones; the shop checks each original's SHA-256 itself.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: MediaS3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(hash: string): { Bucket: string; Key: string } {
    return { Bucket: this.settings.bucket, Key: `${this.settings.prefix}${hash}` };
  }

  async put(hash: string, data: Buffer, contentType: string): Promise<void> {
    if (data.length <= S3_PART_BYTES) {
      await this.client.send(new PutObjectCommand({ ...this.key(hash), Body: data, ContentType: contentType }));
      return;
    }
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ ...this.key(hash), ContentType: contentType }));
    try {
      const parts: { PartNumber: number; ETag: string | undefined }[] = [];
      for (let offset = 0, number = 1; offset < data.length; offset += S3_PART_BYTES, number++) {
        const { ETag } = await this.client.send(
          new UploadPartCommand({ ...this.key(hash), UploadId, PartNumber: number, Body: data.subarray(offset, offset + S3_PART_BYTES) }),
        );
        parts.push({ PartNumber: number, ETag });
      }
      await this.client.send(new CompleteMultipartUploadCommand({ ...this.key(hash), UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ ...this.key(hash), UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async get(hash: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand(this.key(hash)));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async head(hash: string): Promise<{ size: number } | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand(this.key(hash)));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async delete(hash: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand(this.key(hash)));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
