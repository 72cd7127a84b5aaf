import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileRequest } from '@shared/api/files';
import { aPost } from '@web/features/posts/post-fixtures';
import { postsRoutes } from '@web/features/posts/routes';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { mockXhr, type FakeXhr } from '@web/test/xhr-mock';
import { moveItem } from './post-files-field';
import { aCreatedRequest, aFile, aFileRequest, FILE_ID } from './test-fixtures';
import { forgetUploadLimit } from './upload-file';

const created = aPost({ id: '99999999-9999-4999-8999-999999999999', tldr: 'Garden photos' });
const signedIn = {
  'GET /api/auth': jsonResponse(maria),
  'GET /api/groups': jsonResponse([]),
  [`GET /api/posts/${created.id}`]: jsonResponse(created),
  [`GET /api/posts/${created.id}/comments`]: jsonResponse([]),
  'POST /api/posts': jsonResponse(created, { status: 201 }),
};

const idOf = (n: number) => `44444444-4444-4444-8444-00000000000${n}`;

/** Uploads that succeed, each file request numbered in the order asked for; `kinds` by file name. */
function manyUploads(nonImages: string[] = []) {
  let next = 0;
  const names = new Map<string, string>();
  const result = (id: string): FileRequest => {
    const name = names.get(id) ?? 'x';
    const image = !nonImages.includes(name);
    return aFileRequest({
      id,
      name,
      url: `/api/files/${id}`,
      has_image: image,
      thumbnail_url: image ? `/api/files/${id}?variant=thumbnail` : null,
    });
  };
  return {
    'POST /api/file_requests': (call: RecordedCall) => {
      const id = idOf(++next);
      names.set(id, (call.body as { name: string }).name);
      return jsonResponse(aCreatedRequest({ id, url: `/api/storage/${id}?expires=1&signature=a` }), {
        status: 201,
      });
    },
    ...Object.fromEntries(
      [1, 2, 3, 4, 5].map((n) => [
        `PATCH /api/file_requests/${idOf(n)}`,
        () => jsonResponse(result(idOf(n))),
      ]),
    ),
  };
}

const createButton = () => screen.getByRole('button', { name: /^(Create|Creating\.\.\.)$/ });
const files = () => screen.getByRole('list', { name: 'Files of this post, in order' });
const names = () =>
  within(files())
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function openForm() {
  const view = renderApp('/posts/new', { features: postsRoutes });
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Title'), 'Garden photos');
  return { ...view, user };
}

function postBody(calls: RecordedCall[]) {
  return calls.find((call) => call.method === 'POST' && call.url === '/api/posts')?.body as {
    post: Record<string, unknown>;
  };
}

describe('moveItem', () => {
  it('moves one item, clamped to the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('the files of a new post', () => {
  beforeEach(() => {
    forgetUploadLimit();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it(
    'uploads several files at once with their own progress, holds Create until all are done',
    {
      timeout: 40_000,
    },
    async () => {
      const { calls } = mockFetch({ ...signedIn, ...manyUploads() });
      const transfers: FakeXhr[] = [];
      mockXhr((xhr) => transfers.push(xhr));
      const { user, router } = await openForm();

      await user.upload(screen.getByLabelText('Attach file'), [aFile('a.png', 2000), aFile('b.png', 2000)]);
      const barA = await screen.findByRole('progressbar', { name: 'Uploading a.png' });
      expect(screen.getByRole('progressbar', { name: 'Uploading b.png' })).toBeInTheDocument();
      await waitFor(() => expect(transfers).toHaveLength(2));
      await waitFor(() => expect(createButton()).toBeDisabled());
      transfers[0]!.progress(1000, 2000);
      await waitFor(() => expect(barA).toHaveAttribute('aria-valuenow', '50'));
      transfers[0]!.respond(200);
      expect(await screen.findByRole('img', { name: 'Preview of a.png' })).toBeInTheDocument();
      expect(createButton()).toBeDisabled();
      transfers[1]!.respond(200);
      await screen.findByRole('img', { name: 'Preview of b.png' });
      await waitFor(() => expect(createButton()).toBeEnabled());

      // More may be added after.
      await user.upload(screen.getByLabelText('Add more files'), aFile('c.png'));
      await waitFor(() => expect(transfers).toHaveLength(3));
      transfers[2]!.respond(200);
      await screen.findByRole('img', { name: 'Preview of c.png' });

      for (const [name, alt] of [
        ['a.png', 'Roses'],
        ['b.png', 'Tulips'],
        ['c.png', 'The shed'],
      ] as const) {
        fireEvent.change(screen.getByLabelText(`Description of ${name}`), { target: { value: alt } });
      }
      await user.click(createButton());
      await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${created.id}`));
      expect(postBody(calls)).toEqual({
        post: {
          tldr: 'Garden photos',
          content: '',
          group_id: null,
          file_request_ids: [idOf(1), idOf(2), idOf(3)],
          file_alts: { [idOf(1)]: 'Roses', [idOf(2)]: 'Tulips', [idOf(3)]: 'The shed' },
        },
      });
    },
  );

  it('reorders by the Move buttons and by dragging, removes before posting, and posts that order', async () => {
    const { calls } = mockFetch({ ...signedIn, ...manyUploads(['d.pdf']) });
    mockXhr((xhr) => xhr.respond(200));
    const { user, router } = await openForm();
    await user.upload(screen.getByLabelText('Attach file'), [
      aFile('a.png'),
      aFile('b.png'),
      aFile('c.png'),
      aFile('d.pdf', 100, 'application/pdf'),
    ]);
    await screen.findByRole('img', { name: 'Preview of c.png' });
    await waitFor(() => expect(createButton()).toBeEnabled());

    expect(screen.getByRole('button', { name: 'Move a.png left' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move d.pdf right' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move a.png right' }));
    expect(names()[0]).toContain('b.png');
    expect(names()[1]).toContain('a.png');
    expect(screen.getByText('a.png moved to position 2 of 4.')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Move c.png left' }));
    expect(names().map((text) => text!.match(/\w\.(png|pdf)/)![0])).toEqual([
      'b.png',
      'c.png',
      'a.png',
      'd.pdf',
    ]);

    // Dragging the last onto the first puts it first.
    const items = within(files()).getAllByRole('listitem');
    fireEvent.dragStart(items[3]!);
    fireEvent.dragOver(items[0]!);
    fireEvent.drop(items[0]!);
    expect(names()[0]).toContain('d.pdf');

    await user.click(screen.getByRole('button', { name: 'Remove c.png' }));
    expect(screen.queryByText('c.png')).not.toBeInTheDocument();
    // A PDF has no description field; the photos are described.
    expect(screen.queryByLabelText('Description of d.pdf')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Description of a.png'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Description of b.png'), { target: { value: 'B' } });

    await user.click(createButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${created.id}`));
    // Requests were numbered a=1, b=2, c=3, d=4.
    expect(postBody(calls).post.file_request_ids).toEqual([idOf(4), idOf(2), idOf(1)]);
  });

  it(
    'reminds before posting photos with no description: Add descriptions goes back, Post anyway posts',
    {
      timeout: 40_000,
    },
    async () => {
      const { calls } = mockFetch({ ...signedIn, ...manyUploads() });
      mockXhr((xhr) => xhr.respond(200));
      const { user, router } = await openForm();
      await user.upload(screen.getByLabelText('Attach file'), [
        aFile('a.png'),
        aFile('b.png'),
        aFile('c.png'),
      ]);
      await screen.findByRole('img', { name: 'Preview of c.png' });
      await waitFor(() => expect(createButton()).toBeEnabled());
      fireEvent.change(screen.getByLabelText('Description of b.png'), { target: { value: 'Described' } });

      await user.click(createButton());
      const dialog = await findDialog({ name: '2 photos have no description' });
      expect(postBody(calls)).toBeUndefined();
      await user.click(within(dialog).getByRole('button', { name: 'Add descriptions' }));
      await waitFor(() => expect(screen.getByLabelText('Description of a.png')).toHaveFocus());
      expect(postBody(calls)).toBeUndefined();

      fireEvent.change(screen.getByLabelText('Description of a.png'), { target: { value: 'Now described' } });
      await user.click(createButton());
      const again = await findDialog({ name: '1 photo has no description' });
      await user.click(within(again).getByRole('button', { name: 'Post anyway' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${created.id}`));
      expect(postBody(calls).post).toMatchObject({
        file_request_ids: [idOf(1), idOf(2), idOf(3)],
        file_alts: { [idOf(1)]: 'Now described', [idOf(2)]: 'Described' },
      });
    },
  );

  it('Remove during an upload stops it; nothing is marked uploaded and the post goes without it', async () => {
    const { calls } = mockFetch({ ...signedIn, ...manyUploads() });
    const { requests } = mockXhr((xhr) => xhr.progress(10, 100));
    const { user, router } = await openForm();

    await user.upload(screen.getByLabelText('Attach file'), aFile('garden.png'));
    await screen.findByRole('progressbar', { name: 'Uploading garden.png' });
    await waitFor(() => expect(requests).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Remove garden.png' }));
    expect(requests[0]!.aborted).toBe(true);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await waitFor(() => expect(createButton()).toBeEnabled());
    await user.click(createButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${created.id}`));
    expect(postBody(calls).post).toMatchObject({ file_request_id: null });
  });

  it('says plainly why a file was refused, and lets the others go on', async () => {
    mockFetch({
      ...signedIn,
      'POST /api/file_requests': jsonResponse(aCreatedRequest(), { status: 201 }),
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
    expect(screen.getByLabelText('Add more files')).toBeInTheDocument();
    await waitFor(() => expect(createButton()).toBeEnabled());
  });

  it(
    'offers the draft read from the photo; until taken the photo counts as undescribed, then it is edited and posted',
    { timeout: 20_000 },
    async () => {
      const reading = aFileRequest({ name: 'cake.png', alt_draft: { status: 'reading', text: null } });
      const draft = 'A cake with candles. Text in the photo: “Happy birthday Gran”';
      const { calls } = mockFetch({
        ...signedIn,
        'POST /api/file_requests': jsonResponse(aCreatedRequest(), { status: 201 }),
        [`PATCH /api/file_requests/${FILE_ID}`]: jsonResponse(reading),
        [`GET /api/file_requests/${FILE_ID}`]: jsonResponse({
          ...reading,
          alt_draft: { status: 'done', text: draft },
        }),
      });
      mockXhr((xhr) => xhr.respond(200));
      const { user, router } = await openForm();

      await user.upload(screen.getByLabelText('Attach file'), aFile('cake.png'));
      expect(await screen.findByText('Reading the photo for a suggested description…')).toBeInTheDocument();
      const suggestion = await screen.findByRole(
        'group',
        { name: 'Suggested description of cake.png' },
        { timeout: 5000 },
      );
      expect(suggestion).toHaveTextContent(
        `Suggested from the photo (a draft, not yet its description): ${draft}`,
      );
      // Only a suggestion: the field stays empty, and the reminder still counts the photo.
      expect(screen.getByLabelText('Description of cake.png')).toHaveValue('');
      await user.click(createButton());
      const dialog = await findDialog({ name: '1 photo has no description' });
      await user.click(within(dialog).getByRole('button', { name: 'Add descriptions' }));

      await user.click(screen.getByRole('button', { name: 'Use and edit the suggestion for cake.png' }));
      const field = screen.getByLabelText('Description of cake.png');
      expect(field).toHaveValue(draft);
      await waitFor(() => expect(field).toHaveFocus());
      expect(
        screen.queryByRole('group', { name: 'Suggested description of cake.png' }),
      ).not.toBeInTheDocument();
      fireEvent.change(field, { target: { value: 'Gran’s ninetieth birthday cake, candles lit' } });

      await user.click(createButton());
      await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${created.id}`));
      expect(postBody(calls).post).toMatchObject({
        file_alts: { [FILE_ID]: 'Gran’s ninetieth birthday cake, candles lit' },
      });
    },
  );
});
