import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublishedLink } from '@shared/api/links';
import { aLink } from '@web/features/links/test-fixtures';
import { linksRoutes } from '@web/features/links/routes';
import { jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { exploreRoutes } from './routes';
// Loaded up front, so the route-lazy screens appear without a cold-compile wait.
import './published-links-page';
import './published-link-page';
import { testId } from '@web/test/ids';

const LINK_ID = '44444444-4444-4444-8444-444444444444';

/** A published link as visitors get it: the member-only fields left out. */
function aPublishedLink(overrides: Partial<PublishedLink> = {}): PublishedLink {
  const {
    visibility: _visibility,
    liked_by_current_user: _liked,
    is_owner: _owner,
    status: _status,
    step: _step,
    error: _error,
    retryable: _retryable,
    can_retry: _retry,
    can_delete: _delete,
    ...link
  } = aLink({ likes_count: 3, comments_count: 2 });
  return { ...link, ...overrides };
}

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/published_links')).map((call) => call.url);

describe('/explore/links', () => {
  it('lists published link cards with their image and pages on with Load More', async () => {
    const first = aPublishedLink({
      title: 'How bees find their way home',
      lead_image_url: `/api/published_links/${LINK_ID}/lead_image`,
      comment: 'Read the part about the waggle dance.',
    });
    const second = aPublishedLink({ id: testId('b2'), title: 'Rivers of Europe', lead_image_url: null });
    const { calls } = mockFetch({
      'GET /api/published_links': (call) =>
        call.url.includes('after=CUR1')
          ? jsonResponse([second], { headers: { 'x-has-next-page': 'false' } })
          : jsonResponse([first], { headers: { 'x-next-cursor': 'CUR1', 'x-has-next-page': 'true' } }),
    });
    renderApp('/explore/links', { features: exploreRoutes });
    expect(await screen.findByRole('heading', { name: 'Published links', level: 1 })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'How bees find their way home' });
    expect(within(card).getByRole('link', { name: 'How bees find their way home' })).toHaveAttribute(
      'href',
      `/explore/link/${LINK_ID}`,
    );
    expect(within(card).getByRole('img', { name: 'How bees find their way home' })).toHaveAttribute(
      'src',
      `/api/published_links/${LINK_ID}/lead_image`,
    );
    expect(within(card).getByText('Bees navigate by the sun and by landmarks.')).toBeInTheDocument();
    expect(within(card).getByText('Read the part about the waggle dance.')).toBeInTheDocument();
    expect(within(card).getByText('3 likes')).toBeInTheDocument();
    expect(within(card).getByText('2 comments')).toBeInTheDocument();
    // Read-only, and never a direct link to the page itself.
    expect(within(card).queryByRole('button', { name: /like/i })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /original/i })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    const next = await screen.findByRole('article', { name: 'Rivers of Europe' });
    expect(within(next).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('No more links to load')).toBeInTheDocument();
    expect(listCalls(calls)).toEqual(['/api/published_links', '/api/published_links?after=CUR1']);
    expect(screen.getAllByRole('button', { name: 'Refresh' })).toHaveLength(2);
    // The first screen of the file compiles cold: more time on a busy machine.
  }, 15_000);

  it("shows 'No published links found' when there are none", async () => {
    mockFetch({ 'GET /api/published_links': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }) });
    renderApp('/explore/links', { features: exploreRoutes });
    expect(await screen.findByText('No published links found')).toBeInTheDocument();
  });

  it('says why the list failed, and Try Again loads it', async () => {
    let answer = jsonResponse({}, { status: 429, headers: { 'retry-after': '30' } });
    mockFetch({ 'GET /api/published_links': () => answer });
    renderApp('/explore/links', { features: exploreRoutes });
    expect(await screen.findByText('An error occurred while loading published links')).toBeInTheDocument();
    expect(screen.getByText('Rate limited. Please try again in 30 seconds.')).toBeInTheDocument();
    answer = jsonResponse([aPublishedLink()], { headers: { 'x-has-next-page': 'false' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'How bees find their way home' })).toBeInTheDocument();
  });

  it('is reached from the public sidebar, next to Feed and Timeline', async () => {
    mockFetch({ 'GET /api/published_links': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }) });
    renderApp('/explore/links', { features: exploreRoutes });
    await screen.findByText('No published links found');
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    const links = within(sidebar).getByRole('link', { name: 'Links' });
    expect(links).toHaveAttribute('href', '/explore/links');
    expect(links).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Timeline' })).not.toHaveAttribute('aria-current');
  });
});

describe('/explore/link/{id}', () => {
  const path = `/api/published_links/${LINK_ID}`;

  it('shows the title, domain, image, summaries, reader view, verdict and counts, and invites visitors to join', async () => {
    mockFetch({
      [`GET ${path}`]: jsonResponse(
        aPublishedLink({
          site_name: 'Meadow Notes',
          lead_image_url: `${path}/lead_image`,
          safety_verdict: 'suspicious',
          safety_reasons: ['The address is a URL shortener'],
        }),
      ),
    });
    renderApp(`/explore/link/${LINK_ID}`, { features: exploreRoutes });
    expect(
      await screen.findByRole('heading', { name: 'How bees find their way home', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Meadow Notes')).toBeInTheDocument();
    expect(screen.getByText('news.example.org')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'How bees find their way home' })).toHaveAttribute(
      'src',
      `${path}/lead_image`,
    );
    expect(screen.getByTestId('sentence-summary')).toHaveTextContent(
      'Bees navigate by the sun and by landmarks.',
    );
    expect(screen.getByTestId('paragraph-summary')).toHaveTextContent('They dance to tell others.');
    const reader = screen.getByRole('region', { name: 'Reader view' });
    expect(within(reader).getByText('learn', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Caution: this link looks suspicious');
    expect(screen.getByText('The address is a URL shortener')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the original page/ })).toHaveAttribute(
      'href',
      'https://news.example.org/bees',
    );
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(screen.getByText('2 comments')).toBeInTheDocument();
    expect(screen.getByText('Sign in to interact with this link')).toBeInTheDocument();
    const join = screen.getByRole('heading', { name: 'Want to join the conversation?' }).parentElement!;
    expect(within(join).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(within(join).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/invitation');
  });

  it('never links an unsafe page, and leaves its words out', async () => {
    mockFetch({
      [`GET ${path}`]: jsonResponse(
        aPublishedLink({ safety_verdict: 'unsafe', safety_reasons: ['The page asks for a password'] }),
      ),
    });
    renderApp(`/explore/link/${LINK_ID}`, { features: exploreRoutes });
    expect(await screen.findByText('Warning: this link looks unsafe')).toBeInTheDocument();
    expect(screen.getByTestId('unsafe-address')).toHaveTextContent('https://news.example.org/bees');
    expect(screen.queryByRole('link', { name: /Open the original page/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reader view' })).not.toBeInTheDocument();
  });

  it('a 404 reads as the message with Try Again and Back to Published Links', async () => {
    mockFetch({ [`GET ${path}`]: jsonResponse({ error: 'Not found.' }, { status: 404 }) });
    renderApp(`/explore/link/${LINK_ID}`, { features: exploreRoutes });
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    // One heading saying what is missing, the message once, not a bare alert.
    expect(screen.getByRole('heading', { level: 1, name: 'Link not found' })).toBeInTheDocument();
    expect(screen.getAllByText('Not found.')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Published Links' })).toHaveAttribute(
      'href',
      '/explore/links',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('sends a signed-in member to the link’s own page, where they can like and comment', async () => {
    window.localStorage.setItem('hearthSignedIn', '1');
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse({
        id: testId('u1'),
        username: 'maria',
        email: 'maria@example.com',
        first_name: 'Maria',
        last_name: 'Okafor',
        name: 'Maria Okafor',
        avatar: null,
        initials: 'MO',
        is_admin: false,
      }),
      'GET /api/groups': jsonResponse([]),
      [`GET /api/links/${LINK_ID}`]: jsonResponse(aLink()),
      [`GET /api/links/${LINK_ID}/comments`]: jsonResponse([]),
    });
    renderApp(`/explore/link/${LINK_ID}`, { features: [...exploreRoutes, ...linksRoutes] });
    await waitFor(() => expect(window.location.pathname).toBe(`/links/${LINK_ID}`));
    expect(
      await screen.findByRole('heading', { name: 'How bees find their way home', level: 1 }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/published_links'))).toBe(false);
  });
});
