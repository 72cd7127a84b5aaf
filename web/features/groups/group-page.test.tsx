import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { aGroup, aRequest, emptyPostsPage } from './test-fixtures';

const outsider = aGroup({ id: 'g2', name: 'Chess Friends' });

describe('/group/{id}', () => {
  beforeEach(() => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('shows an Owner the name, Edit Group, New post and the group timeline', async () => {
    const owned = aGroup({ id: 'g1', name: 'Book Club', role: 'Owner' });
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([owned]),
      'GET /api/groups/g1': jsonResponse(owned),
      'GET /api/posts': emptyPostsPage(),
    });
    renderApp('/group/g1');
    expect(await screen.findByRole('heading', { name: 'Book Club' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Group' })).toHaveAttribute('href', '/groups/edit/g1');
    expect(screen.getByRole('link', { name: 'New post' })).toHaveAttribute('href', '/posts/new?group_id=g1');
    expect(screen.queryByRole('button', { name: /Join Group/ })).not.toBeInTheDocument();
    expect(await screen.findByText('No posts in this group yet')).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/posts?') && call.url.includes('group_id=g1'))).toBe(
      true,
    );
  });

  it('shows a Commentor no Edit Group and no New post', async () => {
    const commenting = aGroup({ id: 'g1', name: 'Book Club', role: 'Commentor' });
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([commenting]),
      'GET /api/groups/g1': jsonResponse(commenting),
      'GET /api/posts': emptyPostsPage(),
    });
    renderApp('/group/g1');
    expect(await screen.findByRole('heading', { name: 'Book Club' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New post' })).not.toBeInTheDocument();
  });

  it("Join Group asks to join, then shows 'Request pending' (and never loads the posts)", async () => {
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([outsider]),
      'GET /api/groups/g2': jsonResponse(outsider),
      'POST /api/group_requests': jsonResponse(aRequest({ id: 'q1', group_id: 'g2' }), { status: 201 }),
    });
    renderApp('/group/g2');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Join Group/ }));
    expect(await screen.findByText('Request pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join Group/ })).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ group_request: { group_id: 'g2' } });
    expect(calls.some((call) => call.url.startsWith('/api/posts'))).toBe(false);
  });

  it('disables Join Group while the request is on its way', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([outsider]),
      'GET /api/groups/g2': jsonResponse(outsider),
      'POST /api/group_requests': () => new Promise<Response>(() => {}),
    });
    renderApp('/group/g2');
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: /Join Group/ });
    await user.click(button);
    expect(button).toBeDisabled();
  });

  it('treats "already asked" as pending', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([outsider]),
      'GET /api/groups/g2': jsonResponse(outsider),
      'POST /api/group_requests': jsonResponse(
        { errors: { base: ['You have already asked to join this group.'] } },
        { status: 422 },
      ),
    });
    renderApp('/group/g2');
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
      'GET /api/groups/g2': jsonResponse(asked),
    });
    renderApp('/group/g2');
    expect(await screen.findByText('Request pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join Group/ })).not.toBeInTheDocument();
  });

  it("Join Group in the groups list turns into 'Request pending' on that row", async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([outsider]),
      'POST /api/group_requests': jsonResponse(aRequest({ id: 'q1', group_id: 'g2' }), { status: 201 }),
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
  });
});
