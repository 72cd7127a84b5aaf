import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { mockXhr, type FakeXhr } from '@web/test/xhr-mock';
import { filesRoutes } from './routes';
import { aFile, aFileRequest, FILE_ID, uploadRoutes } from './test-fixtures';
import { forgetUploadLimit } from './upload-file';

// The upload page's frame lists the member's groups: Maria is in none.
const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };

describe('/upload (the bare file-upload test page)', () => {
  beforeEach(() => {
    forgetUploadLimit();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('uploads the chosen file as the chosen type, with progress, and shows what the server made of it', async () => {
    const result = aFileRequest({
      name: 'me.png',
      file_type: 'profile',
      file_size: 48_128,
      thumbnail_url: null,
    });
    const { calls } = mockFetch({ ...signedIn, ...uploadRoutes(result) });
    let transfer: FakeXhr | undefined;
    mockXhr((xhr) => (transfer = xhr));
    renderApp('/upload', { features: filesRoutes });
    const user = userEvent.setup({ delay: null });

    expect(await screen.findByRole('heading', { name: 'File upload test' })).toBeInTheDocument();
    // No shell around it.
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();

    await user.upload(screen.getByLabelText('File'), aFile('me.png', 2048));
    await user.selectOptions(screen.getByLabelText('Type'), 'profile');
    await user.click(upload);

    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(transfer).toBeDefined());
    transfer!.progress(512, 2048);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(screen.getByRole('button', { name: 'Cancel upload of me.png' })).toBeInTheDocument();
    transfer!.respond(200);

    const uploaded = await screen.findByRole('region', { name: 'Uploaded' });
    expect(within(uploaded).getByText('me.png')).toBeInTheDocument();
    expect(within(uploaded).getByText('profile')).toBeInTheDocument();
    expect(within(uploaded).getByText('47 kB')).toBeInTheDocument();
    expect(within(uploaded).getByRole('link', { name: 'Open the file' })).toHaveAttribute(
      'href',
      `/api/files/${FILE_ID}`,
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'me.png',
      file_type: 'profile',
    });
  });

  it('shows the error when the server refuses the file', async () => {
    mockFetch({
      ...signedIn,
      ...uploadRoutes(),
      [`PATCH /api/file_requests/${FILE_ID}`]: jsonResponse(
        { errors: { file: ['must be an image (JPEG, PNG, WebP, GIF or AVIF)'] } },
        { status: 422 },
      ),
    });
    mockXhr((xhr) => xhr.respond(200));
    renderApp('/upload', { features: filesRoutes });
    const user = userEvent.setup({ delay: null });
    await user.upload(await screen.findByLabelText('File'), aFile('notes.txt', 20, 'text/plain'));
    await user.selectOptions(screen.getByLabelText('Type'), 'profile');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'File must be an image (JPEG, PNG, WebP, GIF or AVIF)',
    );
  });

  it('Cancel stops the upload and says so', async () => {
    mockFetch({ ...signedIn, ...uploadRoutes() });
    const { requests } = mockXhr();
    renderApp('/upload', { features: filesRoutes });
    const user = userEvent.setup({ delay: null });
    await user.upload(await screen.findByLabelText('File'), aFile());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancel upload of garden.png' }));
    expect(await screen.findByText('Upload cancelled.')).toBeInTheDocument();
    expect(requests[0]!.aborted).toBe(true);
  });
});
