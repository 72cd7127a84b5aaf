import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { aGroup, aMember, aRequest, emptyPostsPage } from './test-fixtures';
import { testId } from '@web/test/ids';
import { aPost } from '../posts/post-fixtures';
import { aLink, FakeEventSource } from '../links/test-fixtures';

const outsider = aGroup({ id: '10000000-0000-4000-8000-000000000002', name: 'Chess Friends' });

describe('/group/{id}', () => {
  beforeEach(() => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('shows an Owner the name, Edit Group, New post and the group timeline', async () => {
    const owned = aGroup({ id: '10000000-0000-4000-8000-000000000001', name: 'Book Club', role: 'Owner' });
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([owned]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001': jsonResponse(owned),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/group_roles': jsonResponse([]),
      'GET /api/group_requests/pending_count': jsonResponse({ count: 0 }),
      'GET /api/posts': emptyPostsPage(),
      'GET /api/links': emptyPostsPage(),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/pins': jsonResponse([]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/events': jsonResponse([]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/date_polls': jsonResponse([]),
    });
    renderApp('/group/10000000-0000-4000-8000-000000000001');
    expect(await screen.findByRole('heading', { name: 'Book Club' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Group' })).toHaveAttribute(
      'href',
      '/groups/edit/10000000-0000-4000-8000-000000000001',
    );
    expect(screen.getByRole('link', { name: 'New post' })).toHaveAttribute(
      'href',
      '/posts/new?group_id=10000000-0000-4000-8000-000000000001',
    );
    expect(screen.queryByRole('button', { name: /Join Group/ })).not.toBeInTheDocument();
    expect(await screen.findByText('No posts in this group yet')).toBeInTheDocument();
    expect(
      calls.some(
        (call) =>
          call.url.startsWith('/api/posts?') &&
          call.url.includes('group_id=10000000-0000-4000-8000-000000000001'),
      ),
    ).toBe(true);
  });

  it('shows members the member list and the waiting count on Requests; a role change applies at once', async () => {
    const owned = aGroup({
      id: '10000000-0000-4000-8000-000000000001',
      name: 'Book Club',
      role: 'Owner',
      pending_requests_count: 3,
    });
    const grace = aMember({
      id: 'r-grace',
      name: 'Grace Hopper',
      role: 'Poster',
      joined_at_human: 'November 2, 2026',
      assignable_roles: ['Owner', 'Moderator', 'Commentor'],
      can_remove: true,
    });
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([owned]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001': jsonResponse(owned),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/group_roles': jsonResponse([grace], {
        headers: { 'x-has-next-page': 'false' },
      }),
      'GET /api/group_requests/pending_count': jsonResponse({ count: 3 }),
      'PATCH /api/group_roles/r-grace': jsonResponse({ ...grace, role: 'Commentor' }),
      'GET /api/posts': emptyPostsPage(),
      'GET /api/links': emptyPostsPage(),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/pins': jsonResponse([]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/events': jsonResponse([]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/date_polls': jsonResponse([]),
    });
    renderApp('/group/10000000-0000-4000-8000-000000000001');
    // A text query first: role queries over the whole frame are slow enough in jsdom to starve the
    // screen's own loading on a busy runner.
    await screen.findByText('Leave group');
    const main = within(screen.getByRole('main'));
    expect(await main.findByRole('link', { name: /^Requests\s*,\s*3 waiting$/ })).toHaveAttribute(
      'href',
      '/group-requests',
    );
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getByText(/Joined November 2, 2026/)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(
      within(members).getByRole('combobox', { name: 'Role of Grace Hopper' }),
      'Commentor',
    );
    expect(await screen.findByText('Grace Hopper is now a Commentor.')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ group_role: { role: 'Commentor' } });
  }, 15_000);

  it('Leave group asks first, then leaves with the membership id', async () => {
    const joined = aGroup({
      id: '10000000-0000-4000-8000-000000000001',
      name: 'Book Club',
      role: 'Poster',
      membership_id: 'r-me',
    });
    let current = joined;
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([joined]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001': () => jsonResponse(current),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/group_roles': jsonResponse([]),
      'DELETE /api/group_roles/r-me': () => {
        current = aGroup({ id: '10000000-0000-4000-8000-000000000001', name: 'Book Club' });
        return jsonResponse({ id: 'r-me', deleted: true });
      },
      'GET /api/posts': emptyPostsPage(),
      'GET /api/links': emptyPostsPage(),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/pins': jsonResponse([]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/events': jsonResponse([]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/date_polls': jsonResponse([]),
    });
    renderApp('/group/10000000-0000-4000-8000-000000000001');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Leave group' }));
    const dialog = await findDialog({ name: 'Leave Book Club?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Leave group' }));
    expect(await screen.findByRole('button', { name: /Join Group/ })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/group_roles/r-me',
    ]);
  });

  it('shows a Commentor no Edit Group and no New post', async () => {
    const commenting = aGroup({
      id: '10000000-0000-4000-8000-000000000001',
      name: 'Book Club',
      role: 'Commentor',
    });
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([commenting]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001': jsonResponse(commenting),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/group_roles': jsonResponse([]),
      'GET /api/posts': emptyPostsPage(),
      'GET /api/links': emptyPostsPage(),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/pins': jsonResponse([]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/events': jsonResponse([]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/date_polls': jsonResponse([]),
    });
    renderApp('/group/10000000-0000-4000-8000-000000000001');
    expect(await screen.findByRole('heading', { name: 'Book Club' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New post' })).not.toBeInTheDocument();
  });

  it("Join Group asks to join, then shows 'Request pending' (and never loads the posts)", async () => {
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([outsider]),
      'GET /api/groups/10000000-0000-4000-8000-000000000002': jsonResponse(outsider),
      'POST /api/group_requests': jsonResponse(
        aRequest({ id: testId('q1'), group_id: '10000000-0000-4000-8000-000000000002' }),
        { status: 201 },
      ),
    });
    renderApp('/group/10000000-0000-4000-8000-000000000002');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Join Group/ }));
    expect(await screen.findByText('Request pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join Group/ })).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      group_request: { group_id: '10000000-0000-4000-8000-000000000002' },
    });
    expect(calls.some((call) => call.url.startsWith('/api/posts'))).toBe(false);
  });

  it('disables Join Group while the request is on its way', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([outsider]),
      'GET /api/groups/10000000-0000-4000-8000-000000000002': jsonResponse(outsider),
      'POST /api/group_requests': () => new Promise<Response>(() => {}),
    });
    renderApp('/group/10000000-0000-4000-8000-000000000002');
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: /Join Group/ });
    await user.click(button);
    expect(button).toBeDisabled();
  });

  it('treats "already asked" as pending', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([outsider]),
      'GET /api/groups/10000000-0000-4000-8000-000000000002': jsonResponse(outsider),
      'POST /api/group_requests': jsonResponse(
        { errors: { base: ['You have already asked to join this group.'] } },
        { status: 422 },
      ),
    });
    renderApp('/group/10000000-0000-4000-8000-000000000002');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Join Group/ }));
    expect(await screen.findByText('Request pending')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });

  it('shows a pending request after a reload', async () => {
    const asked = { ...outsider, request_status: 'pending' as const };
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([asked]),
      'GET /api/groups/10000000-0000-4000-8000-000000000002': jsonResponse(asked),
    });
    renderApp('/group/10000000-0000-4000-8000-000000000002');
    expect(await screen.findByText('Request pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join Group/ })).not.toBeInTheDocument();
  });

  it("Join Group in the groups list turns into 'Request pending' on that row", async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([outsider]),
      'POST /api/group_requests': jsonResponse(
        aRequest({ id: testId('q1'), group_id: '10000000-0000-4000-8000-000000000002' }),
        { status: 201 },
      ),
    });
    renderApp('/groups');
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Groups' });
    await user.click(within(list).getByRole('button', { name: 'Join Group: Chess Friends' }));
    expect(await within(list).findByText('Request pending')).toBeInTheDocument();
  });

  it("shows a load failure as 'An error has occurred: {message}'", async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/groups/g404': jsonResponse({ error: 'Not found' }, { status: 404 }),
    });
    renderApp('/group/g404');
    expect(await screen.findByText('An error has occurred: Not found')).toBeInTheDocument();
    // Not there is no failure another try mends: one heading, the message once, no Try Again.
    expect(screen.getByRole('heading', { level: 1, name: 'Group not found' })).toBeInTheDocument();
    expect(screen.getAllByText('An error has occurred: Not found')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('shows members the pinned posts above the timeline, each marked Pinned', async () => {
    const id = '10000000-0000-4000-8000-000000000001';
    const member = aGroup({ id, name: 'Book Club', role: 'Commentor' });
    const pinned = aPost({ id: testId('p1'), tldr: 'House rules', group_id: id, pinned: true });
    const later = aPost({ id: testId('p2'), tldr: 'Next meeting', group_id: id, pinned: false });
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([member]),
      [`GET /api/groups/${id}`]: jsonResponse(member),
      [`GET /api/groups/${id}/group_roles`]: jsonResponse([]),
      [`GET /api/groups/${id}/pins`]: jsonResponse([pinned]),
      [`GET /api/groups/${id}/events`]: jsonResponse([]),
      [`GET /api/groups/${id}/date_polls`]: jsonResponse([]),
      'GET /api/posts': jsonResponse([later, pinned], { headers: { 'x-has-next-page': 'false' } }),
      'GET /api/links': emptyPostsPage(),
    });
    renderApp(`/group/${id}`);
    const section = (await screen.findByRole('heading', { name: 'Pinned' })).closest('section')!;
    expect(within(section).getByRole('heading', { name: 'House rules' })).toBeInTheDocument();
    expect(within(section).getByText('Pinned', { selector: 'p' })).toBeInTheDocument();
    // The pinned section comes before the timeline.
    const timeline = screen.getByRole('heading', { name: 'Timeline' });
    expect(section.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(section).queryByRole('heading', { name: 'Next meeting' })).not.toBeInTheDocument();
  });

  it("draws the group's links among its posts in time order, as cards with their summary", async () => {
    const club = aGroup({ id: '10000000-0000-4000-8000-000000000001', name: 'Book Club', role: 'Poster' });
    const newest = aPost({
      id: testId('p-new'),
      tldr: 'Newest post',
      created_at: '2026-11-05T12:00:00.000Z',
    });
    const oldest = aPost({
      id: testId('p-old'),
      tldr: 'Oldest post',
      created_at: '2026-11-01T12:00:00.000Z',
    });
    const shared = aLink({
      id: testId('l-mid'),
      title: 'An essay on reading groups',
      sentence_summary: 'Reading together helps people finish books.',
      visibility: 'group',
      group_id: club.id,
      group_name: club.name,
      created_at: '2026-11-03T12:00:00.000Z',
    });
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([club]),
      [`GET /api/groups/${club.id}`]: jsonResponse(club),
      [`GET /api/groups/${club.id}/group_roles`]: jsonResponse([]),
      [`GET /api/groups/${club.id}/pins`]: jsonResponse([]),
      [`GET /api/groups/${club.id}/events`]: jsonResponse([]),
      [`GET /api/groups/${club.id}/date_polls`]: jsonResponse([]),
      'GET /api/posts': jsonResponse([newest, oldest], { headers: { 'x-has-next-page': 'false' } }),
      'GET /api/links': jsonResponse([shared], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp(`/group/${club.id}`);
    const card = await screen.findByRole('article', { name: 'An essay on reading groups' });
    expect(within(card).getByText('Reading together helps people finish books.')).toBeInTheDocument();
    expect(within(card).getByText('Shared in Book Club')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Timeline' });
    const titles = within(section)
      .getAllByRole('article')
      .map((article) => article.getAttribute('aria-labelledby'))
      .map((id) => document.getElementById(id!)?.textContent);
    expect(titles).toEqual(['Newest post', 'An essay on reading groups', 'Oldest post']);
    expect(
      calls.some((call) => call.url.startsWith('/api/links?') && call.url.includes(`group_id=${club.id}`)),
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Share a link' })).toHaveAttribute(
      'href',
      `/links/new?group_id=${club.id}`,
    );
  });

  it('waits for the older posts before showing an older link, then pages on in time order', async () => {
    const club = aGroup({ id: '10000000-0000-4000-8000-000000000001', name: 'Book Club', role: 'Commentor' });
    const newest = aPost({
      id: testId('p-new'),
      tldr: 'Newest post',
      created_at: '2026-11-05T12:00:00.000Z',
    });
    const older = aPost({ id: testId('p-old'), tldr: 'Older post', created_at: '2026-11-01T12:00:00.000Z' });
    const shared = aLink({
      id: testId('l-mid'),
      title: 'A link from the middle',
      visibility: 'group',
      group_id: club.id,
      group_name: club.name,
      created_at: '2026-11-03T12:00:00.000Z',
    });
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([club]),
      [`GET /api/groups/${club.id}`]: jsonResponse(club),
      [`GET /api/groups/${club.id}/group_roles`]: jsonResponse([]),
      [`GET /api/groups/${club.id}/pins`]: jsonResponse([]),
      [`GET /api/groups/${club.id}/events`]: jsonResponse([]),
      [`GET /api/groups/${club.id}/date_polls`]: jsonResponse([]),
      'GET /api/posts': (call) =>
        call.url.includes('after=P2')
          ? jsonResponse([older], { headers: { 'x-has-next-page': 'false' } })
          : jsonResponse([newest], { headers: { 'x-next-cursor': 'P2', 'x-has-next-page': 'true' } }),
      'GET /api/links': jsonResponse([shared], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp(`/group/${club.id}`);
    expect(await screen.findByRole('article', { name: 'Newest post' })).toBeInTheDocument();
    // Posts between the first page and the link may still come: the link waits for them.
    expect(screen.queryByRole('article', { name: 'A link from the middle' })).not.toBeInTheDocument();
    const more = screen.queryByRole('button', { name: 'Load More' });
    if (more) more.click();
    expect(await screen.findByRole('article', { name: 'Older post' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Timeline' });
    expect(
      within(section)
        .getAllByRole('article')
        .map((article) => document.getElementById(article.getAttribute('aria-labelledby')!)?.textContent),
    ).toEqual(['Newest post', 'A link from the middle', 'Older post']);
  });

  it('shows a link shared into the group as soon as the live stream says so', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const club = aGroup({ id: '10000000-0000-4000-8000-000000000001', name: 'Book Club', role: 'Commentor' });
    const shared = aLink({
      id: testId('l-live'),
      title: 'Shared a moment ago',
      visibility: 'group',
      group_id: club.id,
      group_name: club.name,
    });
    let linksNow: unknown[] = [];
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([club]),
      [`GET /api/groups/${club.id}`]: jsonResponse(club),
      [`GET /api/groups/${club.id}/group_roles`]: jsonResponse([]),
      [`GET /api/groups/${club.id}/pins`]: jsonResponse([]),
      [`GET /api/groups/${club.id}/events`]: jsonResponse([]),
      [`GET /api/groups/${club.id}/date_polls`]: jsonResponse([]),
      'GET /api/posts': () => emptyPostsPage(),
      'GET /api/links': () => jsonResponse(linksNow, { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp(`/group/${club.id}`);
    expect(await screen.findByText('No posts in this group yet')).toBeInTheDocument();
    linksNow = [shared];
    act(() => FakeEventSource.emit({ type: 'link.updated', linkId: shared.id }));
    expect(await screen.findByRole('article', { name: 'Shared a moment ago' })).toBeInTheDocument();
  });

  it('shows a pin another Moderator makes as soon as the live stream says so, and ignores another group’s', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const id = '10000000-0000-4000-8000-000000000001';
    const club = aGroup({ id, name: 'Book Club', role: 'Commentor' });
    const rules = aPost({ id: testId('p-rules'), tldr: 'House rules', group_id: id, pinned: false });
    let pinsNow: unknown[] = [];
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([club]),
      [`GET /api/groups/${id}`]: jsonResponse(club),
      [`GET /api/groups/${id}/group_roles`]: jsonResponse([]),
      [`GET /api/groups/${id}/pins`]: () => jsonResponse(pinsNow),
      [`GET /api/groups/${id}/events`]: () => jsonResponse([]),
      [`GET /api/groups/${id}/date_polls`]: () => jsonResponse([]),
      'GET /api/posts': jsonResponse([rules], { headers: { 'x-has-next-page': 'false' } }),
      'GET /api/links': emptyPostsPage(),
    });
    renderApp(`/group/${id}`);
    expect(await screen.findByRole('heading', { name: 'House rules' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pinned' })).toBeNull();
    const pinLoads = () => calls.filter((call) => call.url === `/api/groups/${id}/pins`).length;
    const before = pinLoads();
    act(() =>
      FakeEventSource.emit({ type: 'group.pins', groupId: outsider.id, postId: testId('p-x'), pinned: true }),
    );
    pinsNow = [{ ...rules, pinned: true }];
    act(() => FakeEventSource.emit({ type: 'group.pins', groupId: id, postId: rules.id, pinned: true }));
    const section = (await screen.findByRole('heading', { name: 'Pinned' })).closest('section')!;
    expect(within(section).getByRole('heading', { name: 'House rules' })).toBeInTheDocument();
    // One load for this group's event; none for the other group's.
    expect(pinLoads()).toBe(before + 1);
  });
});
