import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PublishedPost } from '@shared/api/public-posts';
import { aPublishedPost } from '@web/features/published/test-fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { exploreRoutes } from './routes';
// Loaded up front, so the route-lazy screen appears without a cold-compile wait.
import './feed-page';
import { testId } from '@web/test/ids';

const posts = [
  aPublishedPost({ id: testId('a1'), tldr: 'First published post' }),
  aPublishedPost({ id: testId('b2'), tldr: 'Second published post', group_id: null, group_name: null }),
  aPublishedPost({ id: testId('c3'), tldr: 'Third published post' }),
];

/** GET /api/published_posts?limit=1 answered from `list`, one post per page, cursors 'c1', 'c2' … */
function feedServer(list: () => readonly PublishedPost[] = () => posts) {
  return (call: RecordedCall) => {
    const url = new URL(call.url, 'http://localhost');
    const after = url.searchParams.get('after');
    const index = after ? Number(after.slice(1)) : 0;
    const items = list().slice(index, index + 1);
    const more = index + 1 < list().length;
    return jsonResponse(items, {
      headers: more
        ? { 'x-next-cursor': `c${index + 1}`, 'x-has-next-page': 'true' }
        : { 'x-has-next-page': 'false' },
    });
  };
}

function renderFeed(path = '/') {
  return renderApp(path, { features: exploreRoutes });
}

const position = () => screen.getByTestId('feed-position');
const feedCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/published_posts'));

function swipe(element: Element, from: { x: number; y: number }, to: { x: number; y: number }) {
  fireEvent.touchStart(element, { touches: [{ clientX: from.x, clientY: from.y }] });
  fireEvent.touchMove(element, { touches: [{ clientX: to.x, clientY: to.y }] });
  fireEvent.touchEnd(element, { touches: [], changedTouches: [{ clientX: to.x, clientY: to.y }] });
}

describe('the feed at /', () => {
  it('brings the next post into view, but leaves the page where it opened for the first', async () => {
    mockFetch({ 'GET /api/published_posts': feedServer() });
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.textContent ?? '');
    };
    try {
      renderFeed();
      expect(await screen.findByRole('heading', { name: 'First published post' })).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Next post' }));
      expect(await screen.findByRole('heading', { name: 'Second published post' })).toBeInTheDocument();
      // The positive control: moving on scrolled once, to the second post; loading did not scroll.
      await waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0]).toContain('Second published post');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it("shows one post at a time, 'N of M' with '+' while more exist, with previous and next buttons", async () => {
    const { calls } = mockFetch({ 'GET /api/published_posts': feedServer() });
    renderFeed();
    expect(await screen.findByRole('heading', { name: 'First published post' })).toBeInTheDocument();
    expect(position()).toHaveTextContent('1 of 1+');
    expect(feedCalls(calls).map((call) => call.url)).toEqual(['/api/published_posts?limit=1']);

    fireEvent.click(screen.getByRole('button', { name: 'Next post' }));
    expect(await screen.findByRole('heading', { name: 'Second published post' })).toBeInTheDocument();
    expect(position()).toHaveTextContent('2 of 2+');
    expect(screen.queryByRole('heading', { name: 'First published post' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next post' }));
    expect(await screen.findByRole('heading', { name: 'Third published post' })).toBeInTheDocument();
    expect(position()).toHaveTextContent('3 of 3');
    expect(screen.getByRole('button', { name: 'Next post' })).toBeDisabled();
    expect(feedCalls(calls).map((call) => call.url)).toEqual([
      '/api/published_posts?limit=1',
      '/api/published_posts?limit=1&after=c1',
      '/api/published_posts?limit=1&after=c2',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Previous post' }));
    expect(await screen.findByRole('heading', { name: 'Second published post' })).toBeInTheDocument();
    expect(position()).toHaveTextContent('2 of 3');
    // Going back needs no call: the pages are kept.
    expect(feedCalls(calls)).toHaveLength(3);
  });

  it('moves with the arrow keys, but not while typing in a field', async () => {
    mockFetch({ 'GET /api/published_posts': feedServer() });
    renderFeed();
    await screen.findByRole('heading', { name: 'First published post' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('heading', { name: 'Second published post' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(await screen.findByRole('heading', { name: 'First published post' })).toBeInTheDocument();

    const field = document.createElement('input');
    document.body.appendChild(field);
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    expect(position()).toHaveTextContent('1 of 2+');
    expect(screen.getByRole('heading', { name: 'First published post' })).toBeInTheDocument();
    field.remove();
  });

  it('swipes: 49 px does nothing, 51 px moves, a mostly vertical move does nothing', async () => {
    mockFetch({ 'GET /api/published_posts': feedServer() });
    renderFeed();
    await screen.findByRole('heading', { name: 'First published post' });
    const feed = screen.getByTestId('feed');

    swipe(feed, { x: 200, y: 300 }, { x: 151, y: 300 });
    expect(position()).toHaveTextContent('1 of 1+');

    swipe(feed, { x: 200, y: 300 }, { x: 140, y: 380 });
    expect(position()).toHaveTextContent('1 of 1+');

    swipe(feed, { x: 200, y: 300 }, { x: 149, y: 310 });
    expect(await screen.findByRole('heading', { name: 'Second published post' })).toBeInTheDocument();
    expect(position()).toHaveTextContent('2 of 2+');

    // A right swipe goes back.
    swipe(feed, { x: 100, y: 300 }, { x: 200, y: 290 });
    expect(await screen.findByRole('heading', { name: 'First published post' })).toBeInTheDocument();
  });

  it('a sideways move above 30 px stops the page scrolling; a smaller or vertical one does not', async () => {
    mockFetch({ 'GET /api/published_posts': feedServer() });
    renderFeed();
    await screen.findByRole('heading', { name: 'First published post' });
    const feed = screen.getByTestId('feed');
    fireEvent.touchStart(feed, { touches: [{ clientX: 200, clientY: 300 }] });
    expect(fireEvent.touchMove(feed, { touches: [{ clientX: 171, clientY: 300 }] })).toBe(true);
    expect(fireEvent.touchMove(feed, { touches: [{ clientX: 200, clientY: 360 }] })).toBe(true);
    // fireEvent returns false when a listener called preventDefault.
    expect(fireEvent.touchMove(feed, { touches: [{ clientX: 169, clientY: 300 }] })).toBe(false);
  });

  it('a right swipe on the first post refreshes the feed', async () => {
    let list = posts.slice(1);
    const { calls } = mockFetch({ 'GET /api/published_posts': feedServer(() => list) });
    renderFeed();
    expect(await screen.findByRole('heading', { name: 'Second published post' })).toBeInTheDocument();
    list = posts;
    swipe(screen.getByTestId('feed'), { x: 100, y: 300 }, { x: 200, y: 300 });
    expect(await screen.findByRole('heading', { name: 'First published post' })).toBeInTheDocument();
    expect(position()).toHaveTextContent('1 of 1+');
    expect(feedCalls(calls).map((call) => call.url)).toEqual([
      '/api/published_posts?limit=1',
      '/api/published_posts?limit=1',
    ]);
  });

  it('opens the post, its group and its author on the public face', async () => {
    mockFetch({
      'GET /api/published_posts': feedServer(),
      [`GET /api/published_posts/${testId('a1')}`]: jsonResponse(posts[0]),
    });
    const { router } = renderFeed();
    await screen.findByRole('heading', { name: 'First published post' });
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Garden Club' })).toHaveAttribute(
      'href',
      '/explore/group/22222222-2222-4222-8222-222222222222',
    );
    expect(within(card).getByRole('link', { name: 'Theo Lindqvist' })).toHaveAttribute(
      'href',
      '/explore/profiles/33333333-3333-4333-8333-333333333333',
    );
    fireEvent.click(within(card).getByText('San Marzano'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/explore/post/${testId('a1')}`));
  });

  it("shows 'No published posts found' with a Refresh button", async () => {
    let list: PublishedPost[] = [];
    mockFetch({ 'GET /api/published_posts': feedServer(() => list) });
    renderFeed();
    expect(await screen.findByText('No published posts found')).toBeInTheDocument();
    list = posts.slice(0, 1);
    await userEvent
      .setup({ delay: null })
      .click(within(screen.getByTestId('feed')).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { name: 'First published post' })).toBeInTheDocument();
    expect(position()).toHaveTextContent('1 of 1');
  });

  it("shows 'Rate limited. Please try again in N seconds.' on a 429, without asking again", async () => {
    const { calls } = mockFetch({
      'GET /api/published_posts': () =>
        jsonResponse(
          { error: 'Too many requests. Please try again later.' },
          {
            status: 429,
            headers: { 'retry-after': '42' },
          },
        ),
    });
    renderFeed();
    expect(await screen.findByText('Rate limited. Please try again in 42 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    // Retries would have gone out before the message showed: exactly one request was made.
    expect(feedCalls(calls)).toHaveLength(1);
  });

  it('hides the previous and next buttons inside a mobile app web view', async () => {
    Object.assign(window, { ReactNativeWebView: { postMessage: () => {} } });
    try {
      mockFetch({ 'GET /api/published_posts': feedServer() });
      renderFeed();
      await screen.findByRole('heading', { name: 'First published post' });
      expect(position()).toHaveTextContent('1 of 1+');
      expect(screen.queryByRole('button', { name: 'Next post' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Previous post' })).not.toBeInTheDocument();
    } finally {
      delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
    }
  });

  it('/feed shows the same feed', async () => {
    mockFetch({ 'GET /api/published_posts': feedServer() });
    renderFeed('/feed');
    expect(await screen.findByRole('heading', { name: 'First published post' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
  });
});
