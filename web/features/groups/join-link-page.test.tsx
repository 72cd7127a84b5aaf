import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { testId } from '@web/test/ids';
import { aGroup, emptyPostsPage } from './test-fixtures';

const shell = { 'GET /api/auth': jsonResponse(ada), 'GET /api/groups': jsonResponse([]) };
const NOT_FOUND = { error: 'Resource not found. Please check your request.' };

describe('/join/{code}', () => {
  beforeAll(async () => {
    await import('./join-link-page');
  }, 30_000);

  it('names the group and joins it, then opens the group', async () => {
    const groupId = testId('g1');
    const { calls } = mockFetch({
      ...shell,
      'GET /api/group_links/CODE1': jsonResponse({
        group_id: groupId,
        group_name: 'Book Club',
        is_member: false,
      }),
      'POST /api/group_links/CODE1/join': jsonResponse({
        group_id: groupId,
        group_name: 'Book Club',
        is_member: true,
      }),
      [`GET /api/groups/${groupId}`]: jsonResponse(
        aGroup({ id: groupId, name: 'Book Club', role: 'Poster' }),
      ),
      'GET /api/posts': () => emptyPostsPage(),
      'GET /api/links': () => emptyPostsPage(),
      [`GET /api/groups/${groupId}/pins`]: jsonResponse([]),
    });
    const { router } = renderApp('/join/CODE1');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: 'Join Book Club' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join group' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/group/${groupId}`));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/group_links/CODE1/join',
    ]);
  });

  it('reads the same for any link that does not lead in', async () => {
    mockFetch({ ...shell, 'GET /api/group_links/GONE': jsonResponse(NOT_FOUND, { status: 404 }) });
    renderApp('/join/GONE');
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText(/unknown, has expired, has been used up or was turned off/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join group' })).not.toBeInTheDocument();
  });
});
