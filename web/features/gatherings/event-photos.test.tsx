import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { testId } from '@web/test/ids';
import { aPost } from '@web/features/posts/post-fixtures';
import { anEvent } from './event-fixtures';

const going = {
  status: 'going',
  guests: 0,
  waitlisted: false,
  reminders: 'default',
  default_reminders: 'both',
} as const;
const eventPath = `/api/group_events/${testId('event')}`;

describe('an event’s photos, afterwards', () => {
  it('invites who went to add photos through the composer, and lists the posts that bring them', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      [`GET ${eventPath}`]: jsonResponse(anEvent({ ended: true, can_add_photos: true, my_rsvp: going })),
      [`GET ${eventPath}/photos`]: jsonResponse([aPost({ tldr: 'Our picnic', group_id: testId('group') })]),
    });
    renderApp(`/events/${testId('event')}`);
    const section = await screen.findByRole('region', { name: 'Photos' });
    expect(await screen.findByText('Our picnic')).toBeInTheDocument();
    const add = screen.getByRole('link', { name: 'Add photos' });
    const target = new URL(add.getAttribute('href')!, 'http://hearth.test');
    expect(target.pathname).toBe('/posts/new');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      group_id: testId('group'),
      event_id: testId('event'),
    });
    expect(section).toContainElement(add);
  }, 20_000);

  it('loads the older photos a page at a time', async () => {
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      [`GET ${eventPath}`]: jsonResponse(anEvent({ ended: true, can_add_photos: false })),
      [`GET ${eventPath}/photos`]: (call) =>
        call.url.includes('after=')
          ? jsonResponse([aPost({ id: testId('older'), tldr: 'The first evening' })], {
              headers: { 'x-has-next-page': 'false' },
            })
          : jsonResponse([aPost({ tldr: 'Our picnic' })], {
              headers: { 'x-has-next-page': 'true', 'x-next-cursor': 'c1' },
            }),
    });
    renderApp(`/events/${testId('event')}`);
    expect(await screen.findByText('Our picnic')).toBeInTheDocument();
    expect(screen.queryByText('The first evening')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more photos' }));
    expect(await screen.findByText('The first evening')).toBeInTheDocument();
    expect(screen.getByText('Our picnic')).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('after=c1'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more photos' })).not.toBeInTheDocument();
  }, 20_000);

  it('shows the photos without an invitation to those who did not go, and no section before the end', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      [`GET ${eventPath}`]: jsonResponse(anEvent({ ended: true, can_add_photos: false })),
      [`GET ${eventPath}/photos`]: jsonResponse([]),
    });
    const { unmount } = renderApp(`/events/${testId('event')}`);
    expect(await screen.findByText('No photos yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add photos' })).not.toBeInTheDocument();
    unmount();

    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      [`GET ${eventPath}`]: jsonResponse(anEvent({ my_rsvp: going })),
    });
    renderApp(`/events/${testId('event')}`);
    // A positive control first: the page is drawn (the answer shows), then no Photos.
    expect(await screen.findByText('You: going')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Photos' })).not.toBeInTheDocument();
  }, 20_000);
});
