import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { mockXhr, type FakeXhr } from '@web/test/xhr-mock';
import { aFile, aFileRequest, FILE_ID, uploadRoutes } from './test-fixtures';
import { forgetUploadLimit } from './upload-file';
import { useUpload, type UploadState } from './use-upload';

/** Every state the hook went through, in order, without repeats. */
function track() {
  const seen: string[] = [];
  const hook = renderHook(() => {
    const upload = useUpload();
    const label = describeState(upload.state);
    if (seen.at(-1) !== label) seen.push(label);
    return upload;
  });
  return { ...hook, seen };
}

function describeState(state: UploadState): string {
  return state.status === 'uploading' ? `uploading ${state.percent}` : state.status;
}

describe('useUpload', () => {
  let logged: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    forgetUploadLimit();
    logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('goes idle → requesting → uploading(percent) → finishing → done, and answers the file', async () => {
    let checked: (response: Response) => void = () => {};
    mockFetch({
      ...uploadRoutes(),
      [`PATCH /api/file_requests/${FILE_ID}`]: () => new Promise<Response>((resolve) => (checked = resolve)),
    });
    let transfer: FakeXhr | undefined;
    mockXhr((xhr) => (transfer = xhr));
    const { result, seen } = track();
    expect(result.current.busy).toBe(false);

    let finished: Promise<unknown> = Promise.resolve();
    act(() => {
      finished = result.current.start(aFile(), 'post_attachment');
    });
    await waitFor(() => expect(transfer).toBeDefined());
    expect(result.current.busy).toBe(true);
    act(() => transfer!.progress(400, 1000));
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'uploading', percent: 40 }));
    act(() => transfer!.respond(200));
    await waitFor(() => expect(result.current.state.status).toBe('finishing'));
    expect(result.current.busy).toBe(true);
    act(() => checked(jsonResponse(aFileRequest())));

    await expect(finished).resolves.toEqual(aFileRequest());
    await waitFor(() => expect(result.current.state.status).toBe('done'));
    expect(result.current.busy).toBe(false);
    const wanted = ['idle', 'requesting', 'uploading 0', 'uploading 40', 'finishing', 'done'];
    expect(seen.filter((label) => wanted.includes(label))).toEqual(wanted);
  });

  it('cancel aborts the transfer and leaves the state cancelled; reset goes back to idle', async () => {
    const { calls } = mockFetch(uploadRoutes());
    const { requests } = mockXhr();
    const { result } = track();
    let finished: Promise<unknown> = Promise.resolve();
    act(() => {
      finished = result.current.start(aFile(), 'post_attachment');
    });
    await waitFor(() => expect(requests).toHaveLength(1));

    act(() => result.current.cancel());
    await expect(finished).resolves.toBeNull();
    await waitFor(() => expect(result.current.state.status).toBe('cancelled'));
    expect(requests[0]!.aborted).toBe(true);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(logged).not.toHaveBeenCalled();

    act(() => result.current.reset());
    expect(result.current.state).toEqual({ status: 'idle' });
  });

  it('logs a failure and keeps the message to show', async () => {
    mockFetch({
      ...uploadRoutes(),
      [`PATCH /api/file_requests/${FILE_ID}`]: jsonResponse(
        { errors: { file: ['is too large an image (more than 50 megapixels)'] } },
        { status: 422 },
      ),
    });
    mockXhr((xhr) => xhr.respond(200));
    const { result } = track();
    await act(async () => {
      await expect(result.current.start(aFile(), 'post_attachment')).resolves.toBeNull();
    });
    expect(result.current.state).toMatchObject({
      status: 'error',
      message: 'File is too large an image (more than 50 megapixels)',
    });
    expect(logged).toHaveBeenCalledWith('Upload failed', expect.anything());
  });

  it('stops the transfer when the screen goes away', async () => {
    mockFetch(uploadRoutes());
    const { requests } = mockXhr();
    const { result, unmount } = track();
    act(() => void result.current.start(aFile(), 'post_attachment'));
    await waitFor(() => expect(requests).toHaveLength(1));
    unmount();
    expect(requests[0]!.aborted).toBe(true);
  });

  it('a second file replaces the first: the first is aborted and never overwrites the state', async () => {
    mockFetch(uploadRoutes());
    const { requests } = mockXhr();
    const { result } = track();
    act(() => void result.current.start(aFile('first.png'), 'post_attachment'));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => void result.current.start(aFile('second.png'), 'post_attachment'));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]!.aborted).toBe(true);
    expect(result.current.state).toMatchObject({ status: 'uploading' });
    expect((result.current.state as { file: File }).file.name).toBe('second.png');
  });
});
