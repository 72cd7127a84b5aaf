import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../../server/config/env';

/**
 * A real S3-compatible server in-process (s3rver), with one bucket. Note: s3rver does not check
 * signatures or expiry (a tampered presigned URL works there), so it tests the S3 flow only; the
 * signature checks are tested on the local adapter, whose signatures are Hearth's own.
 */
export async function startS3Server(bucket = 'hearth-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const storage: StorageConfig = {
    kind: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    storage,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
