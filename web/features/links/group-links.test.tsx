import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { aGroup } from '../groups/test-fixtures';
import { linksRoutes } from './routes';
import { aLink, FakeEventSource } from './test-fixtures';

/** Sharing a link into a group (ADR 046): the form's group choice and the link page's group. */

const BOOK_CLUB = aGroup({ id: '10000000-0000-4000-8000-000000000001', name: 'Book Club', role: 'Poster' });
const GARDEN = aGroup({ id: '10000000-0000-4000-8000-000000000002', name: 'Garden', role: 'Owner' });
/** A group the member may only comment in, and one they are not in: never offered. */
const CHOIR = aGroup({ id: '10000000-0000-4000-8000-000000000003', name: 'Choir', role: 'Commentor' });
const CHESS = aGroup({ id: '10000000-0000-4000-8000-000000000004', name: 'Chess', role: null });
const signedIn = {
  'GET /api/auth': jsonResponse(maria),
  'GET /api/groups': jsonResponse([BOOK_CLUB, GARDEN, CHOIR, CHESS]),
};
const SHARED = aLink({
  visibility: 'group',
  group_id: BOOK_CLUB.id,
  group_name: BOOK_CLUB.name,
  is_owner: true,
});
const DETAIL = `/api/links/${SHARED.id}`;

beforeAll(async () => {
  await Promise.all([import('./new-link-page'), import('./link-detail-page')]);
}, 30_000);

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('/links/new into a group', () => {
  it('offers "A group" with a picker of the groups the member may post in, and sends group_id', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/links': jsonResponse({ id: SHARED.id, earlier_links: [] }, { status: 201 }),
      [`GET ${DETAIL}`]: jsonResponse(SHARED),
      [`GET ${DETAIL}/comments`]: jsonResponse([]),
    });
    renderApp('/links/new', { features: linksRoutes });
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://news.example.org/bees' },
    });
    expect(screen.queryByRole('combobox', { name: 'Group' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Visibility' }), { target: { value: 'group' } });
    const picker = await screen.findByRole('combobox', { name: 'Group' });
    await within(picker).findByRole('option', { name: 'Book Club' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a group…', 'Book Club', 'Garden']);
    expect(picker).toHaveAccessibleDescription('Only the members of the group will see the link.');

    // No group chosen: the form says so and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Choose a group to share into')).toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(picker, { target: { value: GARDEN.id } });
    expect(screen.queryByText('Choose a group to share into')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByRole('heading', { name: SHARED.title!, level: 1 })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://news.example.org/bees',
      comment: null,
      visibility: 'group',
      group_id: GARDEN.id,
    });
  });

  it('starts on the group named by ?group_id=, and shows the server’s word on the group under it', async () => {
    mockFetch({
      ...signedIn,
      'POST /api/links': jsonResponse(
        { errors: { group_id: ['is not a group you can post in'] } },
        { status: 422 },
      ),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(`/links/new?group_id=${BOOK_CLUB.id}`, { features: linksRoutes });
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://news.example.org/bees' },
    });
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveValue('group');
    const picker = screen.getByRole('combobox', { name: 'Group' });
    await within(picker).findByRole('option', { name: 'Book Club' });
    expect(picker).toHaveValue(BOOK_CLUB.id);
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('is not a group you can post in')).toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-invalid', 'true');
  });

  it('does not preselect a group the member may not post in', async () => {
    mockFetch({ ...signedIn });
    renderApp(`/links/new?group_id=${CHOIR.id}`, { features: linksRoutes });
    const picker = await screen.findByRole('combobox', { name: 'Group' });
    await within(picker).findByRole('option', { name: 'Book Club' });
    expect(picker).toHaveValue('');
  });
});

describe('/links/{id} shared in a group', () => {
  it('says which group the link is shared in, and leads to it', async () => {
    mockFetch({
      ...signedIn,
      [`GET ${DETAIL}`]: jsonResponse(SHARED),
      [`GET ${DETAIL}/comments`]: jsonResponse([]),
    });
    renderApp(`/links/${SHARED.id}`, { features: linksRoutes });
    expect(await screen.findByRole('heading', { name: SHARED.title!, level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Shared in Book Club')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Book Club/ })).toHaveAttribute('href', `/group/${BOOK_CLUB.id}`);
  });
});
