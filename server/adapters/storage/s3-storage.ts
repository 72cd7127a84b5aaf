import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertStorageKey,
  type DownloadOverrides,
  type ObjectRange,
  type ObjectStorage,
  ObjectTooLargeError,
  type SignedUrl,
  type StoredObject,
} from './storage';

export interface S3StorageOptions {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * An S3-compatible bucket (AWS, MinIO, Garage, R2…). Browsers PUT to presigned URLs and GET
 * /api/files/{id} redirects to a presigned GET carrying the type and disposition Hearth decided.
 * A presigned PUT cannot cap the size, so the size is checked when the upload is completed and an
 * oversized object deleted then (and the cleanup job removes uploads never completed).
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where S3 demands them: otherwise the presigner bakes the checksum of an empty
      // body into upload URLs, and many S3-compatible stores refuse the SDK's chunked checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async signUpload(key: string, expiresInSeconds: number): Promise<SignedUrl> {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) });
    const url = await getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
    return { url, expiresAt: new Date(Date.now() + expiresInSeconds * 1000) };
  }

  async signDownload(
    key: string,
    overrides: DownloadOverrides,
    expiresInSeconds: number,
  ): Promise<SignedUrl> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: assertStorageKey(key),
      ResponseContentType: overrides.contentType,
      ResponseContentDisposition: overrides.contentDisposition,
    });
    const url = await getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
    return { url, expiresAt: new Date(Date.now() + expiresInSeconds * 1000) };
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const found = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) }),
      );
      return { size: found.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, maxBytes: number): Promise<Buffer | null> {
    const found = await this.openRead(key);
    if (!found) return null;
    if (found.size > maxBytes) {
      found.stream.destroy();
      throw new ObjectTooLargeError(maxBytes);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of found.stream) {
      total += (chunk as Buffer).length;
      // The object may have been replaced since its length was read: never buffer past the cap.
      if (total > maxBytes) {
        found.stream.destroy();
        throw new ObjectTooLargeError(maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  async openRead(key: string, range?: ObjectRange): Promise<{ stream: Readable; size: number } | null> {
    try {
      const found = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: assertStorageKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // A ranged answer's Content-Length is the range's; Content-Range ends with the object's size.
      const total = found.ContentRange ? Number(found.ContentRange.split('/')[1]) : NaN;
      return {
        stream: found.Body as Readable,
        size: Number.isFinite(total) ? total : (found.ContentLength ?? 0),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: assertStorageKey(key),
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  /** One streamed PUT: S3 needs the length up front, which a file on disk gives. */
  async writeFile(key: string, filePath: string, contentType: string): Promise<void> {
    const { size } = await fsp.stat(filePath);
    const body = fs.createReadStream(filePath);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: assertStorageKey(key),
          Body: body,
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } finally {
      body.destroy();
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) }));
  }

  close() {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}
