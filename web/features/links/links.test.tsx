import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { linksRoutes } from './routes';
import { aLink, aLinkComment, FakeEventSource } from './test-fixtures';
import { testId } from '@web/test/ids';

const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };
const LINK = aLink();
const DETAIL = `/api/links/${LINK.id}`;
const lastPage = { headers: { 'x-has-next-page': 'false' } };

// The screens are lazy: load their code once up front, so a loaded machine's first import does not
// count against a test's waits.
beforeAll(async () => {
  await Promise.all([import('./links-page'), import('./new-link-page'), import('./link-detail-page')]);
}, 30_000);

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('/links', () => {
  it("shows 'No links found' with Add Link and the floating refresh button", async () => {
    mockFetch({ ...signedIn, 'GET /api/links': jsonResponse([], lastPage) });
    renderApp('/links', { features: linksRoutes });
    expect(await screen.findByText('No links found')).toBeInTheDocument();
    const add = screen.getAllByRole('link', { name: 'Add Link' });
    expect(add[0]).toHaveAttribute('href', '/links/new');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('shows cards with counts, a 200-character comment preview, and pages on with the cursor', async () => {
    const long = `${'a'.repeat(150)} ${'b'.repeat(100)}`;
    const first = aLink({
      id: testId('a1'),
      title: 'First link',
      comment: long,
      likes_count: 1,
      comments_count: 1,
    });
    const second = aLink({ id: testId('b2'), title: 'Second link', likes_count: 2, comments_count: 0 });
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/links': (call) =>
        call.url.includes('after=CUR1')
          ? jsonResponse([second], lastPage)
          : jsonResponse([first], { headers: { 'x-next-cursor': 'CUR1', 'x-has-next-page': 'true' } }),
    });
    renderApp('/links', { features: linksRoutes });
    const card = (await screen.findByRole('article', { name: 'First link' })) as HTMLElement;
    expect(within(card).getByText('1 like')).toBeInTheDocument();
    expect(within(card).getByText('1 comment')).toBeInTheDocument();
    const preview = within(card).getByText(/^a+ b+\.\.\.$/);
    expect(preview.textContent).toBe(`${long.slice(0, 200)}...`);

    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    const next = (await screen.findByRole('article', { name: 'Second link' })) as HTMLElement;
    expect(within(next).getByText('2 likes')).toBeInTheDocument();
    expect(within(next).getByText('0 comments')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/links')).map((c) => c.url)).toEqual([
      '/api/links',
      '/api/links?after=CUR1',
    ]);
  });

  it('toggles a like at once, and puts it back silently when the call fails', async () => {
    let fail = false;
    mockFetch({
      ...signedIn,
      'GET /api/links': jsonResponse([LINK], lastPage),
      [`POST ${DETAIL}/like`]: () =>
        fail
          ? jsonResponse({ error: 'nope' }, { status: 500 })
          : jsonResponse({ liked: true, likes_count: 2 }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/links', { features: linksRoutes });
    const like = await screen.findByRole('button', { name: '1 like' });
    fail = true;
    fireEvent.click(like);
    expect(screen.getByRole('button', { name: '2 likes' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '1 like' })).toHaveAttribute('aria-pressed', 'false'),
    );
  });

  it('shows "reading…" on a link being read, and fills it in when the server says it moved on', async () => {
    let link = aLink({ status: 'processing', title: null, sentence_summary: null, is_owner: true });
    mockFetch({ ...signedIn, 'GET /api/links': () => jsonResponse([link], lastPage) });
    renderApp('/links', { features: linksRoutes });
    expect(await screen.findByText('reading…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: LINK.url })).toBeInTheDocument();

    link = aLink({ is_owner: true });
    act(() => FakeEventSource.emit({ type: 'link.updated', linkId: link.id }));
    expect(await screen.findByRole('heading', { name: 'How bees find their way home' })).toBeInTheDocument();
    expect(screen.getByText('Bees navigate by the sun and by landmarks.')).toBeInTheDocument();
    expect(screen.queryByText('reading…')).not.toBeInTheDocument();
  });
});

describe('/links/new', () => {
  it('requires a URL (Add disabled while blank), checks it, and clears the error on edit', async () => {
    const { calls } = mockFetch({ ...signedIn });
    renderApp('/links/new', { features: linksRoutes });
    const url = await screen.findByRole('textbox', { name: 'URL' });
    const add = screen.getByRole('button', { name: 'Add Link' });
    expect(add).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveValue('private');

    fireEvent.change(url, { target: { value: 'not a url' } });
    fireEvent.click(add);
    expect(await screen.findByText('Please enter a valid URL')).toBeInTheDocument();
    fireEvent.change(url, { target: { value: 'not a url either' } });
    expect(screen.queryByText('Please enter a valid URL')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the comment as null when empty, and goes to the new link showing the earlier share', async () => {
    const earlier = aLink({ id: testId('e1'), title: 'Shared by Theo earlier' });
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/links': jsonResponse({ id: LINK.id, earlier_links: [earlier] }, { status: 201 }),
      [`GET ${DETAIL}`]: jsonResponse(aLink({ is_owner: true })),
      [`GET ${DETAIL}/comments`]: jsonResponse([]),
    });
    renderApp('/links/new', { features: linksRoutes });
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL' }), {
      target: { value: ' https://news.example.org/bees ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: '   ' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Visibility' }), { target: { value: 'public' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));

    expect(
      await screen.findByRole('heading', { name: 'How bees find their way home', level: 1 }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://news.example.org/bees',
      comment: null,
      visibility: 'public',
    });
    expect(window.location.pathname).toBe(`/links/${LINK.id}`);
    expect(screen.getByText('Shared by Theo earlier')).toBeInTheDocument();
  });

  it('shows the server’s field errors joined with commas, else the generic failure', async () => {
    let answer = jsonResponse(
      { errors: { url: ['must start with http:// or https://', 'is odd'] } },
      { status: 422 },
    );
    mockFetch({ ...signedIn, 'POST /api/links': () => answer });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/links/new', { features: linksRoutes });
    const url = await screen.findByRole('textbox', { name: 'URL' });
    fireEvent.change(url, { target: { value: 'https://example.org/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('must start with http:// or https://, is odd')).toBeInTheDocument();

    answer = jsonResponse({ error: 'Server error' }, { status: 500 });
    fireEvent.change(url, { target: { value: 'https://example.org/again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Failed to create link. Please try again.')).toBeInTheDocument();
  });
});

describe('/links/{id}', () => {
  it('shows summaries, the reader view and an outbound link for a safe page', async () => {
    mockFetch({
      ...signedIn,
      [`GET ${DETAIL}`]: jsonResponse(LINK),
      [`GET ${DETAIL}/comments`]: jsonResponse([]),
    });
    renderApp(`/links/${LINK.id}`, { features: linksRoutes });
    expect(await screen.findByRole('heading', { name: LINK.title!, level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('sentence-summary')).toHaveTextContent(LINK.sentence_summary!);
    expect(screen.getByTestId('paragraph-summary')).toHaveTextContent(LINK.paragraph_summary!);
    expect(screen.getByRole('heading', { name: 'Reader view' })).toBeInTheDocument();
    expect(screen.getByText('learn').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Open the original page' })).toHaveAttribute('href', LINK.url);
  });

  it('warns about an unsafe link with its reasons and never links to it', async () => {
    const unsafe = aLink({
      url: 'http://198.51.100.7/login',
      safety_verdict: 'unsafe',
      safety_reasons: ['The form sends a password to another site'],
      markdown_content: 'Visit [the login](http://198.51.100.7/login).',
      comment: 'They asked me to log in at http://198.51.100.7/login',
    });
    mockFetch({
      ...signedIn,
      [`GET ${DETAIL}`]: jsonResponse(unsafe),
      [`GET ${DETAIL}/comments`]: jsonResponse([]),
    });
    const { container } = renderApp(`/links/${LINK.id}`, { features: linksRoutes });
    expect(await screen.findByText('Warning: this link looks unsafe')).toBeInTheDocument();
    expect(screen.getByText('The form sends a password to another site')).toBeInTheDocument();
    expect(screen.getByTestId('unsafe-address')).toHaveTextContent(unsafe.url);
    expect(screen.getByText(unsafe.comment!)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the original page' })).not.toBeInTheDocument();
    expect(container.querySelector(`a[href^="http://198.51.100.7"]`)).toBeNull();
  });

  it('cautions about a suspicious link', async () => {
    const suspicious = aLink({
      safety_verdict: 'suspicious',
      safety_reasons: ['A URL shortener hides the target'],
    });
    mockFetch({
      ...signedIn,
      [`GET ${DETAIL}`]: jsonResponse(suspicious),
      [`GET ${DETAIL}/comments`]: jsonResponse([]),
    });
    renderApp(`/links/${LINK.id}`, { features: linksRoutes });
    expect(await screen.findByText('Caution: this link looks suspicious')).toBeInTheDocument();
    expect(screen.getByText('A URL shortener hides the target')).toBeInTheDocument();
  });

  it('shows a failed reading with Retry for the owner, and "reading…" after retrying', async () => {
    const failed = aLink({
      status: 'failed',
      step: 'fetch',
      error: 'The page did not answer in time.',
      is_owner: true,
      can_retry: true,
      title: null,
      sentence_summary: null,
    });
    const { calls } = mockFetch({
      ...signedIn,
      [`GET ${DETAIL}`]: jsonResponse(failed),
      [`GET ${DETAIL}/comments`]: jsonResponse([]),
      [`POST ${DETAIL}/retry`]: jsonResponse({ ...failed, status: 'pending', error: null, can_retry: false }),
    });
    renderApp(`/links/${LINK.id}`, { features: linksRoutes });
    expect(await screen.findByText('The page did not answer in time.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('reading…')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url === `${DETAIL}/retry`)).toBe(true);
  });

  it('offers no Retry to someone else', async () => {
    mockFetch({
      ...signedIn,
      [`GET ${DETAIL}`]: jsonResponse(aLink({ status: 'failed', error: 'Not HTML.', can_retry: false })),
      [`GET ${DETAIL}/comments`]: jsonResponse([]),
    });
    renderApp(`/links/${LINK.id}`, { features: linksRoutes });
    expect(await screen.findByText('Not HTML.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('comments: count, trimmed content, button disabled when blank, errors joined', async () => {
    let answer = jsonResponse(
      aLinkComment({ id: testId('c2'), content: 'Great find', is_owner: true, can_delete: true }),
      {
        status: 201,
      },
    );
    const { calls } = mockFetch({
      ...signedIn,
      [`GET ${DETAIL}`]: jsonResponse(LINK),
      [`GET ${DETAIL}/comments`]: jsonResponse([aLinkComment({ likes_count: 1 })]),
      [`POST ${DETAIL}/comments`]: () => answer,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(`/links/${LINK.id}`, { features: linksRoutes });
    expect(await screen.findByText('Lovely read')).toBeInTheDocument();
    // Someone else's comment: no menu.
    expect(screen.queryByRole('button', { name: 'Comment options' })).not.toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    const send = screen.getByRole('button', { name: 'Comment' });
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: '  Great find  ' } });
    expect(screen.getByTestId('comment-counter')).toHaveTextContent('10/10000');
    fireEvent.click(send);
    // The member's own new comment, with its owner's menu; the box is emptied.
    expect(await screen.findByRole('button', { name: 'Comment options' })).toBeInTheDocument();
    expect(screen.getByText('Great find', { selector: 'li p' })).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ content: 'Great find' });

    answer = jsonResponse(
      { errors: { content: ['Comment content is required', 'is odd'] } },
      { status: 422 },
    );
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Comment content is required, is odd')).toBeInTheDocument();

    answer = jsonResponse({ error: 'Server error' }, { status: 500 });
    fireEvent.change(box, { target: { value: 'y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Failed to post comment. Please try again.')).toBeInTheDocument();
  });

  it('likes a comment at once', async () => {
    mockFetch({
      ...signedIn,
      [`GET ${DETAIL}`]: jsonResponse(LINK),
      [`GET ${DETAIL}/comments`]: jsonResponse([aLinkComment()]),
      [`POST ${DETAIL}/comments/55555555-5555-4555-8555-555555555555/like`]: jsonResponse({
        liked: true,
        likes_count: 1,
      }),
    });
    renderApp(`/links/${LINK.id}`, { features: linksRoutes });
    const comment = (await screen.findByText('Lovely read')).closest('li')!;
    fireEvent.click(within(comment).getByRole('button', { name: '0 likes' }));
    expect(within(comment).getByRole('button', { name: '1 like' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('fills in by itself while Hearth reads the link', async () => {
    let link = aLink({ status: 'pending', title: null, sentence_summary: null, paragraph_summary: null });
    mockFetch({
      ...signedIn,
      [`GET ${DETAIL}`]: () => jsonResponse(link),
      [`GET ${DETAIL}/comments`]: jsonResponse([]),
    });
    renderApp(`/links/${LINK.id}`, { features: linksRoutes });
    expect(await screen.findByText('reading…')).toBeInTheDocument();
    link = aLink();
    // An event about another link changes nothing; this link's does.
    act(() => FakeEventSource.emit({ type: 'link.updated', linkId: 'another' }));
    act(() => FakeEventSource.emit({ type: 'link.updated', linkId: LINK.id }));
    expect(await screen.findByTestId('sentence-summary')).toHaveTextContent(LINK.sentence_summary!);
    expect(screen.queryByText('reading…')).not.toBeInTheDocument();
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events');
  });
});
