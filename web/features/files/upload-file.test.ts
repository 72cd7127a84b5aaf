import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverNotAnsweringMessage } from '@web/lib/api-errors';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { mockXhr } from '@web/test/xhr-mock';
import { aCreatedRequest, aFile, aFileRequest, FILE_ID, UPLOAD_URL, uploadRoutes } from './test-fixtures';
import {
  forgetUploadLimit,
  isUploadCancelled,
  uploadErrorMessage,
  uploadFile,
  UploadRefusedError,
} from './upload-file';

/** The rejection of a promise (fails the test if it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the upload to fail');
}

describe('uploadFile', () => {
  beforeEach(() => {
    forgetUploadLimit();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });
  afterEach(() => forgetUploadLimit());

  it('requests a location, PUTs the bytes there with progress, marks them uploaded and answers the file', async () => {
    const { calls } = mockFetch(uploadRoutes());
    const { requests } = mockXhr((xhr) => {
      xhr.progress(250, 1000);
      xhr.progress(1000, 1000);
      xhr.respond(200);
    });
    const file = aFile('garden.png', 1000);
    const progress: number[] = [];
    const phases: string[] = [];

    const result = await uploadFile(file, 'post_attachment', {
      onProgress: (percent) => progress.push(percent),
      onPhase: (phase) => phases.push(phase),
    });

    expect(result).toEqual(aFileRequest());
    expect(phases).toEqual(['requesting', 'uploading', 'finishing']);
    expect(progress).toEqual([0, 25, 100, 100]);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/file_requests',
      `PATCH /api/file_requests/${FILE_ID}`,
    ]);
    expect(calls[0]!.body).toEqual({ name: 'garden.png', file_type: 'post_attachment' });
    expect(calls[1]!.body).toEqual({
      status: 'uploaded',
      file_size: 1000,
      content_type: 'image/png',
      last_modified: 1_774_000_000_000,
    });
    // The raw file, to the URL as given, with no JSON content type (the browser sends the file's own).
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'PUT', url: UPLOAD_URL });
    expect(requests[0]!.body).toBe(file);
    expect(requests[0]!.requestHeaders).toEqual({});
  });

  it('PUTs to an absolute upload URL (an object store) as it is', async () => {
    const s3 = 'https://bucket.s3.example.com/uploads/x?X-Amz-Signature=1';
    mockFetch(uploadRoutes(aFileRequest(), aCreatedRequest({ url: s3 })));
    const { requests } = mockXhr((xhr) => xhr.respond(200, '', 'text/plain'));
    await uploadFile(aFile(), 'post_attachment');
    expect(requests[0]!.url).toBe(s3);
  });

  it('refuses a file over the limit before sending its bytes, and the next one before any request', async () => {
    const { calls } = mockFetch(uploadRoutes(aFileRequest(), aCreatedRequest({ max_size: 1024 * 1024 })));
    const { requests } = mockXhr((xhr) => xhr.respond(200));
    const big = aFile('holiday.mov', 3 * 1024 * 1024, 'video/quicktime');

    const first = await rejectionOf(uploadFile(big, 'post_attachment'));
    expect(first).toBeInstanceOf(UploadRefusedError);
    expect(uploadErrorMessage(first)).toBe(
      'This file is 3 MB, larger than the 1 MB limit. Please choose a smaller file.',
    );
    expect(requests).toHaveLength(0);
    expect(calls).toHaveLength(1);

    // The server's limit is now known: no request at all.
    const second = await rejectionOf(uploadFile(big, 'post_attachment'));
    expect(uploadErrorMessage(second)).toMatch(/larger than the 1 MB limit/);
    expect(calls).toHaveLength(1);
    expect(requests).toHaveLength(0);
  });

  it('refuses an empty file before any request', async () => {
    const { calls } = mockFetch({});
    const error = await rejectionOf(uploadFile(aFile('empty.txt', 0, 'text/plain'), 'post_attachment'));
    expect(uploadErrorMessage(error)).toBe('This file is empty. Please choose another.');
    expect(calls).toHaveLength(0);
  });

  it('cancels: aborts the transfer, rejects as cancelled, and never marks the file uploaded', async () => {
    const { calls } = mockFetch(uploadRoutes());
    const { requests } = mockXhr((xhr) => xhr.progress(100, 1000));
    const controller = new AbortController();
    const progress: number[] = [];
    const upload = uploadFile(aFile(), 'post_attachment', {
      signal: controller.signal,
      onProgress: (percent) => progress.push(percent),
    });
    await vi.waitFor(() => expect(progress).toContain(10));

    controller.abort();
    const error = await rejectionOf(upload);
    expect(isUploadCancelled(error)).toBe(true);
    expect(requests[0]!.aborted).toBe(true);
    expect(calls.map((call) => call.method)).toEqual(['POST']);
  });

  it('says what a 413 from the upload URL said, or that the file is too large when it said nothing readable', async () => {
    mockFetch(uploadRoutes());
    mockXhr((xhr) =>
      xhr.respond(413, JSON.stringify({ error: 'The file is too large (maximum is 25 MB).' })),
    );
    expect(uploadErrorMessage(await rejectionOf(uploadFile(aFile(), 'post_attachment')))).toBe(
      'The file is too large (maximum is 25 MB).',
    );

    // An object store answers XML: not a message for people.
    mockXhr((xhr) => xhr.respond(413, '<Error><Code>EntityTooLarge</Code></Error>', 'application/xml'));
    expect(uploadErrorMessage(await rejectionOf(uploadFile(aFile(), 'post_attachment')))).toBe(
      'This file is too large to upload.',
    );
  });

  it('turns the server\'s 422 on marking uploaded into a sentence ("File is not …")', async () => {
    const message =
      'is not a file type Hearth accepts (images, PDF, plain text, ZIP, office documents, common audio and video)';
    mockFetch({
      ...uploadRoutes(),
      [`PATCH /api/file_requests/${FILE_ID}`]: jsonResponse({ errors: { file: [message] } }, { status: 422 }),
    });
    mockXhr((xhr) => xhr.respond(200));
    const error = await rejectionOf(
      uploadFile(aFile('tool.exe', 10, 'application/x-msdownload'), 'post_attachment'),
    );
    expect(uploadErrorMessage(error)).toBe(`File ${message}`);
  });

  it('says so when the connection fails during the transfer, or the link has expired', async () => {
    mockFetch(uploadRoutes());
    mockXhr((xhr) => xhr.failNetwork());
    expect(uploadErrorMessage(await rejectionOf(uploadFile(aFile(), 'post_attachment')))).toBe(
      serverNotAnsweringMessage(),
    );

    mockXhr((xhr) => xhr.respond(403, JSON.stringify({ error: 'This link has expired. Please try again.' })));
    expect(uploadErrorMessage(await rejectionOf(uploadFile(aFile(), 'post_attachment')))).toBe(
      'This link has expired. Please try again.',
    );
  });

  it('treats a request the server still holds as pending as a file that did not arrive', async () => {
    mockFetch(uploadRoutes(aFileRequest({ status: 'pending', url: null })));
    mockXhr((xhr) => xhr.respond(200));
    expect(uploadErrorMessage(await rejectionOf(uploadFile(aFile(), 'post_attachment')))).toBe(
      'The file did not arrive. Please try again.',
    );
  });
});
