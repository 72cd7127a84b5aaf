import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Group } from '@shared/api/groups';
import { activateLocale } from '@web/i18n/i18n';
import { jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { aGroup } from './test-fixtures';
import { testId } from '@web/test/ids';

const bookClub = aGroup({
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Book Club',
  role: 'Owner',
  created_at: '2026-01-01T00:00:00.000Z',
});
const chess = aGroup({
  id: '10000000-0000-4000-8000-000000000002',
  name: 'Chess Friends',
  role: 'Poster',
  created_at: '2026-03-01T00:00:00.000Z',
});
const hikers = aGroup({
  id: '10000000-0000-4000-8000-000000000003',
  name: 'Sunday Hikers',
  request_status: 'pending',
  created_at: '2026-05-01T00:00:00.000Z',
});
const allotment = aGroup({ id: testId('g4'), name: 'Allotment', created_at: '2026-07-01T00:00:00.000Z' });
const everyGroup = [allotment, bookClub, chess, hikers];

/** A stand-in for the server's search (?q=, name contains) and sort (?sort=name|date|status). */
function groupsServer(groups: Group[]) {
  const rank = (group: Group) =>
    group.role === 'Owner' ? 0 : group.role ? 1 : group.request_status === 'pending' ? 2 : 3;
  return (call: RecordedCall) => {
    const params = new URL(call.url, 'http://hearth.test').searchParams;
    const q = (params.get('q') ?? '').toLowerCase();
    const sort = params.get('sort') ?? 'name';
    const mine = params.get('member') === 'true';
    const found = groups.filter(
      (group) => group.name.toLowerCase().includes(q) && (!mine || group.is_member),
    );
    found.sort((a, b) =>
      sort === 'date'
        ? b.created_at.localeCompare(a.created_at)
        : sort === 'status'
          ? rank(a) - rank(b) || a.name.localeCompare(b.name)
          : a.name.localeCompare(b.name),
    );
    return jsonResponse(found, { headers: { 'x-has-next-page': 'false' } });
  };
}

function listedNames() {
  const list = screen.getByRole('list', { name: 'Groups' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]!.textContent);
}

function groupListCalls(calls: RecordedCall[]) {
  return calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/groups'))
    .map((call) => call.url);
}

describe('/groups', () => {
  it('lists each group with its initials, name and my membership', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': groupsServer(everyGroup),
      'GET /api/group_requests/pending_count': jsonResponse({ count: 2 }),
    });
    renderApp('/groups');

    const list = await screen.findByRole('list', { name: 'Groups' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    const row = (name: string) => rows.find((item) => within(item).queryByRole('link', { name }))!;

    expect(within(row('Book Club')).getByText('BC')).toBeInTheDocument();
    expect(within(row('Book Club')).getByRole('link', { name: 'Book Club' })).toHaveAttribute(
      'href',
      '/group/10000000-0000-4000-8000-000000000001',
    );
    expect(within(row('Book Club')).getByText('Owner')).toBeInTheDocument();
    expect(within(row('Chess Friends')).getByText('Poster')).toBeInTheDocument();
    expect(within(row('Sunday Hikers')).getByText('Request pending')).toBeInTheDocument();
    expect(within(row('Allotment')).getByRole('button', { name: /Join Group/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New group' })).toHaveAttribute('href', '/groups/new');
  });

  it('searches by name on the server as the member types', async () => {
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': groupsServer(everyGroup),
      'GET /api/group_requests/pending_count': jsonResponse({ count: 2 }),
    });
    renderApp('/groups');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Groups' });

    await user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'club');
    await waitFor(() => expect(listedNames()).toEqual(['Book Club']));
    expect(groupListCalls(calls)).toContain('/api/groups?q=club&sort=name');
    // Typing settles before the list is asked for: no call per keystroke.
    expect(groupListCalls(calls).filter((url) => url.includes('q=c'))).toEqual([
      '/api/groups?q=club&sort=name',
    ]);
  });

  it("shows 'No groups found' when nothing matches", async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': groupsServer(everyGroup),
      'GET /api/group_requests/pending_count': jsonResponse({ count: 2 }),
    });
    renderApp('/groups');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Groups' });
    await user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'knitting');
    expect(await screen.findByText('No groups found')).toBeInTheDocument();
  });

  it('sorts by name, date and status', async () => {
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': groupsServer(everyGroup),
      'GET /api/group_requests/pending_count': jsonResponse({ count: 2 }),
    });
    renderApp('/groups');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Groups' });
    expect(listedNames()).toEqual(['Allotment', 'Book Club', 'Chess Friends', 'Sunday Hikers']);

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Name', 'Date', 'Status']);

    await user.selectOptions(sort, 'date');
    await waitFor(() =>
      expect(listedNames()).toEqual(['Allotment', 'Sunday Hikers', 'Chess Friends', 'Book Club']),
    );
    expect(groupListCalls(calls)).toContain('/api/groups?sort=date');

    await user.selectOptions(sort, 'status');
    await waitFor(() =>
      expect(listedNames()).toEqual(['Book Club', 'Chess Friends', 'Sunday Hikers', 'Allotment']),
    );
    expect(groupListCalls(calls)).toContain('/api/groups?sort=status');
  });

  it('keeps the Requests link for owners and moderators while searching', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': groupsServer(everyGroup),
      'GET /api/group_requests/pending_count': jsonResponse({ count: 2 }),
    });
    renderApp('/groups');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('link', { name: /^Requests/ })).toHaveAttribute('href', '/group-requests');
    await user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'allot');
    await waitFor(() => expect(listedNames()).toEqual(['Allotment']));
    expect(screen.getByRole('link', { name: /^Requests/ })).toBeInTheDocument();
  });

  it("shows 'No groups found' with a New group action when there are none", async () => {
    mockFetch({ 'GET /api/auth': jsonResponse(ada), 'GET /api/groups': jsonResponse([]) });
    renderApp('/groups');
    expect(await screen.findByText('No groups found')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New group' })).toHaveLength(2);
  });

  it("shows a load failure as 'An error has occurred: {message}'", async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse({ error: 'Database unavailable' }, { status: 500 }),
    });
    renderApp('/groups');
    expect(await screen.findByText('An error has occurred: Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('/groups in the member’s language', () => {
  afterEach(() => activateLocale('en'));

  // The member chose the language (else the web follows their browser's, English in jsdom).
  const server = (locale: string) => ({
    'GET /api/auth': jsonResponse({ ...ada, locale }),
    'GET /api/groups': groupsServer(everyGroup),
    'GET /api/group_requests/pending_count': jsonResponse({ count: 2 }),
  });

  it('speaks German: titles, roles, counts and buttons', async () => {
    mockFetch(server('de'));
    await act(() => activateLocale('de'));
    renderApp('/groups');
    const list = await screen.findByRole('list', { name: 'Gruppen' });
    const rows = within(list).getAllByRole('listitem');
    const row = (name: string) => rows.find((item) => within(item).queryByRole('link', { name }))!;
    expect(screen.getByRole('heading', { level: 1, name: 'Gruppen' })).toBeInTheDocument();
    expect(within(row('Book Club')).getByText('Inhaber')).toBeInTheDocument();
    expect(within(row('Book Club')).getByText('3 Mitglieder')).toBeInTheDocument();
    expect(within(row('Sunday Hikers')).getByText('Anfrage offen')).toBeInTheDocument();
    expect(
      within(row('Allotment')).getByRole('button', { name: 'Gruppe beitreten: Allotment' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Gruppen suchen' })).toBeInTheDocument();
  });

  it('reads right to left in Arabic', async () => {
    mockFetch(server('ar'));
    await act(() => activateLocale('ar'));
    renderApp('/groups');
    const list = await screen.findByRole('list', { name: 'المجموعات' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(within(list).getAllByText('3 أعضاء')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'مجموعة جديدة' })).toHaveAttribute('href', '/groups/new');
  });
});
