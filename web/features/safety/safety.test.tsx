import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BlockedMember } from '@shared/api/blocks';
import type { HiddenPost } from '@shared/api/reports';
import { aProfile } from '@web/features/profiles/test-fixtures';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { safetyRoutes } from './routes';
import { testId } from '@web/test/ids';

// The first lazy screens of a run take seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const page = (items: unknown[], next: string | null = null) =>
  jsonResponse(items, {
    headers: next ? { 'x-has-next-page': 'true', 'x-next-cursor': next } : { 'x-has-next-page': 'false' },
  });

function hidden(overrides: Partial<HiddenPost>): HiddenPost {
  return {
    post_id: testId('p1'),
    tldr: 'Loud opinions',
    username: 'grace',
    name: 'Grace Hopper',
    avatar: null,
    profile_id: '20000000-0000-4000-8000-000000000001',
    group_id: null,
    group_name: null,
    ignored_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

describe('/settings/hidden', () => {
  it('lists hidden posts page by page and shows one again', async () => {
    let shownAgain = false;
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/reports/summary': jsonResponse({ can_review: false, open_count: 0 }),
      'GET /api/ignored_posts': (call) =>
        call.url.includes('after=c1')
          ? page([hidden({ post_id: testId('p2'), tldr: 'Older rant', group_name: 'Garden Club' })])
          : page(shownAgain ? [] : [hidden({})], 'c1'),
      [`DELETE /api/posts/${testId('p1')}/ignore`]: () => {
        shownAgain = true;
        return jsonResponse({ ignored: false });
      },
    });
    renderApp('/settings/hidden', { features: safetyRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hidden posts' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Loud opinions' })).toHaveAttribute(
      'href',
      `/post/${testId('p1')}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('link', { name: 'Older rant' })).toBeInTheDocument();
    expect(screen.getByText(/in Garden Club/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show again: Loud opinions' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Loud opinions' })).not.toBeInTheDocument(),
    );
  });

  it('says so when nothing is hidden', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/reports/summary': jsonResponse({ can_review: false, open_count: 0 }),
      'GET /api/ignored_posts': page([]),
    });
    renderApp('/settings/hidden', { features: safetyRoutes });
    expect(await screen.findByText('No hidden posts')).toBeInTheDocument();
  });
});

describe('/settings/blocked', () => {
  it('lists blocked members and unblocks one', async () => {
    const member: BlockedMember = {
      user_id: '20000000-0000-4000-8000-000000000001',
      username: 'grace',
      name: 'Grace Hopper',
      avatar: null,
      blocked_at: '2026-11-20T10:00:00Z',
    };
    let unblocked = false;
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/reports/summary': jsonResponse({ can_review: false, open_count: 0 }),
      'GET /api/blocks': () => page(unblocked ? [] : [member]),
      'DELETE /api/blocks/20000000-0000-4000-8000-000000000001': () => {
        unblocked = true;
        return jsonResponse({ user_id: '20000000-0000-4000-8000-000000000001', blocked: false });
      },
    });
    renderApp('/settings/blocked', { features: safetyRoutes });
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/profiles/20000000-0000-4000-8000-000000000001',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unblock Grace Hopper' }));
    expect(await screen.findByText("You haven't blocked anyone")).toBeInTheDocument();
  });
});

describe('Block on a profile', () => {
  it('asks first, explains what blocking does, then offers Unblock', async () => {
    let blocked = false;
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/reports/summary': jsonResponse({ can_review: false, open_count: 0 }),
      'GET /api/profiles/20000000-0000-4000-8000-000000000001/': jsonResponse(
        aProfile({
          id: '20000000-0000-4000-8000-000000000001',
          username: 'grace',
          first_name: 'Grace',
          last_name: 'Hopper',
        }),
      ),
      'GET /api/profiles/20000000-0000-4000-8000-000000000001/posts': page([]),
      'GET /api/blocks/20000000-0000-4000-8000-000000000001': () =>
        jsonResponse({ user_id: '20000000-0000-4000-8000-000000000001', blocked }),
      'POST /api/blocks': () => {
        blocked = true;
        return jsonResponse(
          { user_id: '20000000-0000-4000-8000-000000000001', blocked: true },
          { status: 201 },
        );
      },
    });
    renderApp('/profiles/20000000-0000-4000-8000-000000000001');
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await findDialog({ name: 'Block Grace Hopper?' });
    expect(dialog).toHaveTextContent("You won't see each other's posts, comments or mentions");
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      user_id: '20000000-0000-4000-8000-000000000001',
    });
  });
});
