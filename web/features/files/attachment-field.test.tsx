import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aPost } from '@web/features/posts/post-fixtures';
import { postsRoutes } from '@web/features/posts/routes';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { mockXhr, type FakeXhr } from '@web/test/xhr-mock';
import { aFile, aFileRequest, FILE_ID, uploadRoutes } from './test-fixtures';
import { forgetUploadLimit } from './upload-file';

const created = aPost({ id: '99999999-9999-4999-8999-999999999999', tldr: 'Garden photos' });
const signedIn = {
  'GET /api/auth': jsonResponse(maria),
  'GET /api/groups': jsonResponse([]),
  [`GET /api/posts/${created.id}`]: jsonResponse(created),
  [`GET /api/posts/${created.id}/comments`]: jsonResponse([]),
  'POST /api/posts': jsonResponse(created, { status: 201 }),
};

const createButton = () => screen.getByRole('button', { name: /^(Create|Creating\.\.\.)$/ });

async function openForm() {
  const view = renderApp('/posts/new', { features: postsRoutes });
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Title'), 'Garden photos');
  return { ...view, user };
}

describe('attaching a file on /posts/new', () => {
  beforeEach(() => {
    forgetUploadLimit();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('shows the progress, holds Create until the upload is done, then the thumbnail chip, and posts its id', async () => {
    const { calls } = mockFetch({ ...signedIn, ...uploadRoutes() });
    let transfer: FakeXhr | undefined;
    mockXhr((xhr) => (transfer = xhr));
    const { user, router } = await openForm();

    await user.upload(screen.getByLabelText('Attach file'), aFile('garden.png', 2000));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading garden.png' });
    await waitFor(() => expect(transfer).toBeDefined());
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(createButton()).toBeDisabled());

    transfer!.progress(1000, 2000);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('Uploading… 50%')).toBeInTheDocument();
    transfer!.respond(200);

    const chip = await screen.findByRole('img', { name: 'Preview of garden.png' });
    expect(chip).toHaveAttribute('src', `/api/files/${FILE_ID}?variant=thumbnail`);
    expect(screen.getByText('1.2 MB')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(createButton()).toBeEnabled());

    await user.click(createButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${created.id}`));
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/posts')?.body).toEqual({
      post: { tldr: 'Garden photos', content: '', group_id: null, file_request_id: FILE_ID },
    });
  });

  it('Remove takes the file off again: the post goes without it', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      ...uploadRoutes(
        aFileRequest({ name: 'notes.pdf', has_image: false, thumbnail_url: null, file_size: 5120 }),
      ),
    });
    mockXhr((xhr) => xhr.respond(200));
    const { user, router } = await openForm();

    await user.upload(screen.getByLabelText('Attach file'), aFile('notes.pdf', 5120, 'application/pdf'));
    const attachment = screen.getByRole('group', { name: 'Attachment' });
    // The chip (Remove) rather than the name, which the progress shows too.
    expect(await within(attachment).findByRole('button', { name: 'Remove notes.pdf' })).toBeVisible();
    expect(within(attachment).getByText('notes.pdf')).toBeInTheDocument();
    expect(within(attachment).getByText('5 kB')).toBeInTheDocument();
    expect(within(attachment).queryByRole('img')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove notes.pdf' }));
    expect(screen.queryByText('notes.pdf')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Attach file')).toBeInTheDocument();

    await user.click(createButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${created.id}`));
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/posts')?.body).toMatchObject({
      post: { file_request_id: null },
    });
  });

  it('Cancel stops the upload and says so; nothing is marked uploaded', async () => {
    const { calls } = mockFetch({ ...signedIn, ...uploadRoutes() });
    const { requests } = mockXhr((xhr) => xhr.progress(10, 100));
    const { user } = await openForm();

    await user.upload(screen.getByLabelText('Attach file'), aFile());
    await user.click(await screen.findByRole('button', { name: 'Cancel upload of garden.png' }));

    expect(await screen.findByText('Upload cancelled.')).toBeInTheDocument();
    expect(requests[0]!.aborted).toBe(true);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await waitFor(() => expect(createButton()).toBeEnabled());
  });

  it('says plainly why a file was refused, and offers Attach file again', async () => {
    mockFetch({
      ...signedIn,
      ...uploadRoutes(),
      [`PATCH /api/file_requests/${FILE_ID}`]: jsonResponse(
        { errors: { file: ['is not an image Hearth can read'] } },
        { status: 422 },
      ),
    });
    mockXhr((xhr) => xhr.respond(200));
    const { user } = await openForm();

    await user.upload(screen.getByLabelText('Attach file'), aFile('broken.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Couldn't attach broken.png. File is not an image Hearth can read",
    );
    expect(screen.getByLabelText('Attach file')).toBeInTheDocument();
    await waitFor(() => expect(createButton()).toBeEnabled());
  });

  it('refuses a file over the server limit before sending it', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/file_requests': jsonResponse(
        {
          id: FILE_ID,
          url: '/api/storage/x',
          method: 'PUT',
          expires_at: '2026-03-22T10:00:00Z',
          max_size: 1024,
        },
        { status: 201 },
      ),
    });
    const { requests } = mockXhr();
    const { user } = await openForm();

    await user.upload(screen.getByLabelText('Attach file'), aFile('huge.png', 4096));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is 4 kB, larger than the 1 kB limit. Please choose a smaller file.',
    );
    expect(requests).toHaveLength(0);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
