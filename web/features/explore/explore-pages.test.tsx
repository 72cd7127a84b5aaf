import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aPublishedPost } from '@web/features/published/test-fixtures';
import { activateLocale } from '@web/i18n/i18n';
import { jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { exploreRoutes } from './routes';
// Loaded up front, so the route-lazy screens appear without a cold-compile wait.
import './explore-page';
import './explore-group-page';
import './explore-profile-page';
import { testId } from '@web/test/ids';

const first = aPublishedPost({ id: testId('a1'), tldr: 'First published post' });
const second = aPublishedPost({ id: testId('b2'), tldr: 'Second published post' });
const groupId = '22222222-2222-4222-8222-222222222222';
const profileId = '33333333-3333-4333-8333-333333333333';
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/published_posts')).map((call) => call.url);

describe('/explore', () => {
  it('lists published posts and pages on with Load More, then says there are no more', async () => {
    const { calls } = mockFetch({
      'GET /api/published_posts': (call) =>
        call.url.includes('after=CUR1')
          ? jsonResponse([second], { headers: { 'x-has-next-page': 'false' } })
          : jsonResponse([first], { headers: { 'x-next-cursor': 'CUR1', 'x-has-next-page': 'true' } }),
    });
    renderApp('/explore', { features: exploreRoutes });
    const card = await screen.findByRole('article', { name: 'First published post' });
    expect(within(card).getByRole('link', { name: 'First published post' })).toHaveAttribute(
      'href',
      `/explore/post/${testId('a1')}`,
    );
    expect(within(card).getByText('2 likes')).toBeInTheDocument();
    expect(within(card).getByText('3 comments')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('article', { name: 'Second published post' })).toBeInTheDocument();
    expect(screen.getByText('No more posts to load')).toBeInTheDocument();
    expect(listCalls(calls)).toEqual(['/api/published_posts', '/api/published_posts?after=CUR1']);
    // The floating refresh button, besides the sidebar's.
    expect(screen.getAllByRole('button', { name: 'Refresh' })).toHaveLength(2);
  });

  it("shows 'No published posts found' when there are none", async () => {
    mockFetch({ 'GET /api/published_posts': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }) });
    renderApp('/explore', { features: exploreRoutes });
    expect(await screen.findByText('No published posts found')).toBeInTheDocument();
  });

  it("shows 'An error occurred while loading published posts' with Try Again", async () => {
    let answer = jsonResponse({}, { status: 429, headers: { 'retry-after': '30' } });
    const { calls } = mockFetch({ 'GET /api/published_posts': () => answer });
    renderApp('/explore', { features: exploreRoutes });
    expect(await screen.findByText('An error occurred while loading published posts')).toBeInTheDocument();
    expect(screen.getByText('Rate limited. Please try again in 30 seconds.')).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(1);
    answer = jsonResponse([first], { headers: { 'x-has-next-page': 'false' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'First published post' })).toBeInTheDocument();
  });
});

describe('/explore/group/{id} and /explore/profiles/{id}', () => {
  it("shows the group's name over only its published posts", async () => {
    const { calls } = mockFetch({
      [`GET /api/explore/groups/${groupId}`]: jsonResponse({ id: groupId, name: 'Garden Club' }),
      'GET /api/published_posts': jsonResponse([first], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp(`/explore/group/${groupId}`, { features: exploreRoutes });
    expect(await screen.findByRole('heading', { name: 'Garden Club', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'First published post' })).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([`/api/published_posts?group_id=${groupId}`]);
  });

  it("shows the member's picture and name over only their published posts", async () => {
    const { calls } = mockFetch({
      [`GET /api/explore/profiles/${profileId}`]: jsonResponse({
        id: profileId,
        username: 'theo',
        name: 'Theo Lindqvist',
        avatar: null,
      }),
      'GET /api/published_posts': jsonResponse([first], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp(`/explore/profiles/${profileId}`, { features: exploreRoutes });
    expect(await screen.findByRole('heading', { name: 'Theo Lindqvist', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('@theo');
    expect(await screen.findByRole('article', { name: 'First published post' })).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([`/api/published_posts?profile_id=${profileId}`]);
  });

  it('a group it cannot show (private, or gone) is one heading and one message', async () => {
    mockFetch({
      [`GET /api/explore/groups/${groupId}`]: jsonResponse({ error: 'Not found.' }, { status: 404 }),
      'GET /api/published_posts': jsonResponse({ error: 'Not found.' }, { status: 404 }),
    });
    renderApp(`/explore/group/${groupId}`, { features: exploreRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Group not found' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByText('Not found.')).toHaveLength(1);
    expect(screen.queryByText('Published posts')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Published Posts' })).toHaveAttribute('href', '/explore');
  });

  it('a member it cannot show is one heading and one message', async () => {
    mockFetch({
      [`GET /api/explore/profiles/${profileId}`]: jsonResponse({ error: 'Not found.' }, { status: 404 }),
      'GET /api/published_posts': jsonResponse({ error: 'Not found.' }, { status: 404 }),
    });
    renderApp(`/explore/profiles/${profileId}`, { features: exploreRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Member not found' })).toBeInTheDocument();
    expect(screen.getAllByText('Not found.')).toHaveLength(1);
  });
});

describe('/explore in the visitor’s language', () => {
  afterEach(() => activateLocale('en'));

  it('speaks German: the title, the paging and the empty end', async () => {
    mockFetch({
      'GET /api/published_posts': (call) =>
        call.url.includes('after=CUR1')
          ? jsonResponse([second], { headers: { 'x-has-next-page': 'false' } })
          : jsonResponse([first], { headers: { 'x-next-cursor': 'CUR1', 'x-has-next-page': 'true' } }),
    });
    await act(() => activateLocale('de'));
    renderApp('/explore', { features: exploreRoutes });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Veröffentlichte Beiträge' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'First published post' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    expect(await screen.findByText('Keine weiteren Beiträge')).toBeInTheDocument();
  });

  it('reads right to left in Arabic', async () => {
    mockFetch({ 'GET /api/published_posts': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }) });
    await act(() => activateLocale('ar'));
    renderApp('/explore', { features: exploreRoutes });
    expect(await screen.findByText('لم يُعثر على منشورات عامة')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'المنشورات العامة' })).toBeInTheDocument();
  });
});
