import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Comment } from '@shared/api/comments';
import { findDialog } from '@web/test/dialogs';
import { heldResponse, jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { aComment as aPostComment, aPost } from './post-fixtures';
import { postsRoutes } from './routes';
import { testId } from '@web/test/ids';

// <Time> works out "how long ago" against the clock: three hours reads the same for half an hour.
const threeHoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();

const post = aPost({ content: '# Heading\n\nFull **content** <i>raw</i>', comments_count: 2 });
const base = `/api/posts/${post.id}`;

/** The shared comment on aPost(), written three hours ago. */
const aComment = (overrides: Partial<Comment>) => aPostComment({ created_at: threeHoursAgo, ...overrides });

const comments = [
  aComment({ id: testId('c1') }),
  aComment({ id: testId('c2'), name: 'Maria Okafor', username: 'maria', can_delete: true }),
];
const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };

function renderPost(routes: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch({
    ...signedIn,
    [`GET ${base}`]: jsonResponse(post),
    [`GET ${base}/comments`]: jsonResponse(comments),
    ...routes,
  });
  return { ...mock, ...renderApp(`/post/${post.id}`, { features: postsRoutes }) };
}

describe('/post/{id}', () => {
  it('shows the full title and Markdown content (raw HTML skipped) and the comments', async () => {
    renderPost({});
    expect(await screen.findByRole('heading', { level: 1, name: post.tldr })).toBeInTheDocument();
    expect(screen.getByText('content', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByText('raw', { selector: 'i' })).not.toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Ada Byron')).toBeInTheDocument();
    expect(within(items[0]!).getByText('about 3 hours ago')).toHaveAttribute(
      'title',
      expect.stringMatching(/^\w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M /),
    );
    expect(within(items[0]!).getByText('work', { selector: 'em' })).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
  });

  it("draws the content from the server's HTML when the post's answer carries it", async () => {
    // Told apart from the Markdown on purpose: the page must draw the HTML, not parse `content`.
    const drawn = { ...post, content_html: '<h2>Heading</h2><p>From the <strong>server</strong></p>' };
    renderPost({ [`GET ${base}`]: jsonResponse(drawn) });
    expect(await screen.findByText('server', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByText('content', { selector: 'strong' })).not.toBeInTheDocument();
  });

  it('posts a trimmed comment (button disabled while blank) and adds it to the list', async () => {
    const added = aComment({
      id: testId('c3'),
      content: 'Hello **there**',
      name: 'Maria Okafor',
      username: 'maria',
    });
    const { calls } = renderPost({ [`POST ${base}/comments`]: jsonResponse(added, { status: 201 }) });
    const box = await screen.findByLabelText('Add a comment');
    const send = screen.getByRole('button', { name: 'Comment' });
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: '  Hello **there**  ' } });
    fireEvent.click(send);
    expect(await screen.findByText('there', { selector: 'strong' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      comment: { content: 'Hello **there**' },
    });
    expect(box).toHaveValue('');
    expect(screen.getByRole('link', { name: '3 comments' })).toBeInTheDocument();
  });

  it('disables the button while the comment is sent, so a second click sends nothing', async () => {
    const added = aComment({
      id: testId('c4'),
      content: 'Only once',
      name: 'Maria Okafor',
      username: 'maria',
    });
    const held = heldResponse();
    const { calls } = renderPost({ [`POST ${base}/comments`]: held.route });
    const posts = () => calls.filter((call) => call.method === 'POST');
    const box = await screen.findByLabelText('Add a comment');
    fireEvent.change(box, { target: { value: 'Only once' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    // The positive control: the first click did send.
    await waitFor(() => expect(posts()).toHaveLength(1));
    const sending = await screen.findByRole('button', { name: 'Posting...' });
    expect(sending).toBeDisabled();
    fireEvent.click(sending);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });

    held.answer(jsonResponse(added, { status: 201 }));
    expect(await screen.findByText('Only once', { selector: 'p' })).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(box).toHaveValue('');
    const again = screen.getByRole('button', { name: 'Comment' });
    expect(again).toBeDisabled(); // blank again
    fireEvent.change(box, { target: { value: 'A second thought' } });
    expect(again).toBeEnabled();
  });

  it('deletes a comment after confirmation', async () => {
    const { calls } = renderPost({
      [`DELETE /api/comments/${testId('c2')}`]: jsonResponse({ id: testId('c2'), deleted: true }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete comment' }));
    const dialog = await findDialog({ name: 'Delete this comment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(
      calls.some((call) => call.method === 'DELETE' && call.url === `/api/comments/${testId('c2')}`),
    ).toBe(true);
    expect(screen.getByRole('link', { name: '1 comment' })).toBeInTheDocument();
  });

  it('shows the server message, else the error message, when deleting fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPost({
      [`DELETE /api/comments/${testId('c2')}`]: jsonResponse({ error: 'Comment is locked' }, { status: 403 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete comment' }));
    const confirm = await findDialog({ name: 'Delete this comment?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete comment' }));
    const dialog = await findDialog({ name: 'Error' });
    expect(dialog).toHaveTextContent('Comment is locked');
  });

  it('shows a not-found message for a 404', async () => {
    renderPost({ [`GET ${base}`]: jsonResponse({ error: 'Not found.' }, { status: 404 }) });
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Timeline' })).toHaveAttribute('href', '/dashboard');
  });

  it("shows 'An error has occurred: {message}' for other failures", async () => {
    renderPost({ [`GET ${base}`]: jsonResponse({ error: 'Database is napping' }, { status: 500 }) });
    expect(await screen.findByText('An error has occurred: Database is napping')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  const photo = (n: number, alt: string) => ({
    id: testId(`f${n}`),
    url: `/api/files/${testId(`f${n}`)}`,
    thumbnail_url: `/api/files/${testId(`f${n}`)}?variant=thumbnail`,
    name: `photo-${n}.jpg`,
    content_type: 'image/webp',
    size: 1000,
    width: 800,
    height: 600,
    alt,
    duration_ms: null,
    poster_url: null,
    sizes: [],
  });
  const files = [photo(1, 'The team'), photo(2, '')];

  it('lets the author describe each photo after posting; the page shows the new description at once', async () => {
    const mine = { ...post, can_edit: true, has_image: true, file_url: files[0]!.url, files };
    const described = { ...mine, files: [files[0]!, { ...files[1]!, alt: 'The cup, held high' }] };
    const { calls } = renderPost({
      [`GET ${base}`]: jsonResponse(mine),
      [`PATCH ${base}/files/${files[1]!.id}`]: jsonResponse(described),
    });
    const section = await screen.findByRole('region', { name: 'Photo descriptions' });
    expect(section).toHaveTextContent('1 of 2 photos have no description yet.');
    fireEvent.click(within(section).getByRole('button', { name: 'Add the description of photo 2' }));
    const field = within(section).getByLabelText('Description of photo 2');
    fireEvent.change(field, { target: { value: '  The cup, held high ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save description' }));

    await waitFor(() => expect(section).toHaveTextContent('Every photo is described'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      file: { alt: 'The cup, held high' },
    });
    expect(within(section).getByText('The cup, held high')).toBeInTheDocument();
    // The photo itself now carries it as its alt text.
    expect(screen.getByRole('button', { name: /The cup, held high/ })).toBeInTheDocument();
    expect(await screen.findByText('Description of photo 2 saved.')).toBeInTheDocument();
  });

  it('shows no description controls to readers who did not write the post', async () => {
    renderPost({
      [`GET ${base}`]: jsonResponse({ ...post, has_image: true, file_url: files[0]!.url, files }),
    });
    // The photos are shown first; only then is the absence of the controls meaningful.
    expect(await screen.findByRole('group', { name: '2 photos' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Photo descriptions' })).not.toBeInTheDocument();
  });
});
