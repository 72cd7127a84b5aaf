import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { aGroup, aMember, emptyPostsPage } from './test-fixtures';
import { testId } from '@web/test/ids';

async function submitName(name: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Name'), name);
  await user.click(screen.getByRole('button', { name: 'Create Group' }));
}

describe('/groups/new', () => {
  let logged: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('keeps Create Group disabled while the name is blank', async () => {
    const { calls } = mockFetch({ 'GET /api/auth': jsonResponse(ada), 'GET /api/groups': jsonResponse([]) });
    renderApp('/groups/new');
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: 'Create Group' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Name'), '   ');
    expect(button).toBeDisabled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates the group and opens its page', async () => {
    const created = aGroup({ id: testId('g9'), name: 'Sunday Hikers', role: 'Owner', members_count: 1 });
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'POST /api/groups': jsonResponse(created, { status: 201 }),
      [`GET /api/groups/${testId('g9')}`]: jsonResponse(created),
      // The new group's page lists its members: Ada, its Owner, alone.
      [`GET /api/groups/${testId('g9')}/group_roles`]: jsonResponse([
        aMember({
          id: testId('r9'),
          name: ada.name,
          role: 'Owner',
          user_id: ada.id,
          username: ada.username,
          profile_id: ada.id,
          group_id: testId('g9'),
        }),
      ]),
      'GET /api/posts': emptyPostsPage(),
      'GET /api/links': emptyPostsPage(),
      [`GET /api/groups/${testId('g9')}/pins`]: jsonResponse([]),
      [`GET /api/groups/${testId('g9')}/events`]: jsonResponse([]),
      [`GET /api/groups/${testId('g9')}/date_polls`]: jsonResponse([]),
    });
    const { router } = renderApp('/groups/new');
    await submitName('  Sunday Hikers ');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/group/${testId('g9')}`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ group: { name: 'Sunday Hikers' } });
    expect(await screen.findByRole('heading', { name: 'Sunday Hikers' })).toBeInTheDocument();
  });

  it("shows 'Creating...' and disables the button while busy", async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'POST /api/groups': () => new Promise<Response>(() => {}),
    });
    renderApp('/groups/new');
    await submitName('Sunday Hikers');
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
  });

  it("a 422 with a name error reads 'Name {first error}'", async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'POST /api/groups': jsonResponse(
        { errors: { name: ['has already been taken', 'is odd'] } },
        { status: 422 },
      ),
    });
    renderApp('/groups/new');
    await submitName('Book Club');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Name has already been taken$/);
  });

  it('a 422 without a name error asks for a different name', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'POST /api/groups': jsonResponse({ errors: {} }, { status: 422 }),
    });
    renderApp('/groups/new');
    await submitName('Book Club');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not create group. Please try again with a different name.',
    );
  });

  it.each([
    ['a server error', () => jsonResponse({ error: 'boom' }, { status: 500 })],
    ['a forbidden answer', () => jsonResponse({ error: 'nope' }, { status: 403 })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("%s reads 'An error occurred. Please try again later.'", async (_name, answer) => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'POST /api/groups': answer,
    });
    renderApp('/groups/new');
    await submitName('Book Club');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');
    expect(logged).toHaveBeenCalled();
  });
});
