import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { MediaS3Settings } from '../../src/server/media/store';

export type TestS3 = {
  settings: MediaS3Settings;
  /** the environment an instance needs to use this bucket (MEDIA_S3_* and the SDK's credentials) */
  env: Record<string, string>;
  close: () => Promise<void>;
};

const BUCKET = 'shop-media';

/**
 * An S3-compatible server (s3rver, speaking the S3 REST protocol) on a loopback port, with one empty bucket, its
 * objects in a temporary folder. The SDK is pointed at it with static credentials, so it never looks elsewhere.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    MEDIA_S3_BUCKET: BUCKET,
    MEDIA_S3_ENDPOINT: endpoint,
    MEDIA_S3_REGION: 'us-east-1',
    MEDIA_S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_EC2_METADATA_DISABLED: 'true',
  };
  // the SDK reads credentials from the environment of the process that creates the client
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID,
    AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY,
    AWS_EC2_METADATA_DISABLED: 'true',
  });
  return {
    settings: { bucket: BUCKET, endpoint, region: 'us-east-1', forcePathStyle: true, prefix: 'originals/' },
    env,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
