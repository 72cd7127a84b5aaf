import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notification, NotificationPreference } from '@shared/api/notifications';
import { NOTIFICATION_KINDS } from '@shared/domain/constants';
import { activateLocale } from '@web/i18n/i18n';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { badgeText } from './components/inbox-link';
import { aNotification } from './test-fixtures';
import { testId } from '@web/test/ids';

const item = (id: string, extra: Partial<Notification> = {}): Notification =>
  aNotification({ id: testId(id), ...extra });

const shell = {
  'GET /api/auth': jsonResponse(ada),
  'GET /api/groups': jsonResponse([]),
  'GET /api/group_invitations': jsonResponse([]),
};

describe('the Inbox badge', () => {
  it('names the unread count and shows 9+ above nine', async () => {
    mockFetch({
      ...shell,
      'GET /api/notifications/unread_count': jsonResponse({ count: 3 }),
      'GET /api/notifications': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/inbox');
    const link = await screen.findByRole('link', { name: 'Inbox, 3 unread' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/inbox');
    expect(within(link).getByText('3')).toBeInTheDocument();
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});

describe('/inbox', () => {
  it('shows the empty state', async () => {
    mockFetch({
      ...shell,
      'GET /api/notifications': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('lists items with unread markers, pages with Load More, and marks all read', async () => {
    let read = false;
    const { calls } = mockFetch({
      ...shell,
      'GET /api/notifications/unread_count': () => jsonResponse({ count: read ? 0 : 1 }),
      'GET /api/notifications': (call) =>
        call.url.includes('after=c1')
          ? jsonResponse(
              [item('n2', { read: true, text: 'Ben Ode started following you', kind: 'follow' })],
              {
                headers: { 'x-has-next-page': 'false' },
              },
            )
          : jsonResponse([item('n1', { read })], {
              headers: { 'x-has-next-page': 'true', 'x-next-cursor': 'c1' },
            }),
      'POST /api/notifications/read_all': () => {
        read = true;
        return jsonResponse({ count: 0 });
      },
    });
    renderApp('/inbox');
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const first = within(list).getByRole('button', { name: /Ana Lima liked your post “Weekend hike”/ });
    expect(within(first).getByText('Unread')).toBeInTheDocument();
    expect(within(first).getByText('about 2 hours ago')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(
      await within(list).findByRole('button', { name: /Ben Ode started following you/ }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(list).queryByText('Unread')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Inbox' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/read_all'))).toBe(true);
  });

  it('opens an item: marks it read and goes to its page', async () => {
    const { calls } = mockFetch({
      ...shell,
      'GET /api/notifications/unread_count': jsonResponse({ count: 1 }),
      'GET /api/notifications': jsonResponse([item('n1')], { headers: { 'x-has-next-page': 'false' } }),
      [`POST /api/notifications/${testId('n1')}/read`]: jsonResponse({ count: 0 }),
      [`GET /api/posts/${testId('p1')}`]: jsonResponse(
        { error: 'Resource not found. Please check your request.' },
        { status: 404 },
      ),
      [`GET /api/posts/${testId('p1')}/comments`]: jsonResponse([]),
    });
    const { router } = renderApp('/inbox');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Ana Lima liked your post/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${testId('p1')}`));
    expect(
      calls.some(
        (call) => call.method === 'POST' && call.url.endsWith(`/notifications/${testId('n1')}/read`),
      ),
    ).toBe(true);
    expect(await screen.findByRole('link', { name: 'Inbox' })).toBeInTheDocument();
  });
});

describe('/inbox: group invitations', () => {
  it('lists open invitations with Accept and Decline; an answer says so and leaves the list', async () => {
    const invitation = (id: string, group: string) => ({
      id: testId(id),
      group_id: testId(`g-${id}`),
      group_name: group,
      inviter: { name: 'Grace Hopper', username: 'grace', avatar: null, profile_id: testId('grace') },
      invitee: null,
      email: null,
      role: 'Moderator',
      status: 'open',
      created_at: '2030-01-15T12:00:00.000Z',
      created_at_human: 'January 15, 2030',
    });
    let open = [invitation('a', 'Book Club'), invitation('b', 'Chess Club')];
    const { calls } = mockFetch({
      ...shell,
      'GET /api/group_invitations': () => jsonResponse(open),
      'GET /api/notifications/unread_count': jsonResponse({ count: 0 }),
      'GET /api/notifications': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }),
      [`PATCH /api/group_invitations/${testId('a')}`]: () => {
        open = open.filter((item) => item.id !== testId('a'));
        return jsonResponse({ ...invitation('a', 'Book Club'), status: 'accepted' });
      },
      [`PATCH /api/group_invitations/${testId('b')}`]: () => {
        open = [];
        return jsonResponse({ ...invitation('b', 'Chess Club'), status: 'declined' });
      },
    });
    renderApp('/inbox');
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Group invitations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(
      within(list).getByRole('button', {
        name: 'Accept: Grace Hopper invited you to join Book Club as Moderator',
      }),
    );
    expect(await screen.findByText('You joined Book Club.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    await user.click(within(list).getByRole('button', { name: /^Decline: .*Chess Club/ }));
    expect(await screen.findByText('You declined the invitation to Chess Club.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { group_invitation: { status: 'accepted' } },
      { group_invitation: { status: 'declined' } },
    ]);
  });
});

describe('/settings/notifications', () => {
  it('shows every kind with its delivery and saves a change with a confirmation', async () => {
    let saved: NotificationPreference[] = NOTIFICATION_KINDS.map((kind) => ({
      kind,
      delivery: kind === 'post_like' ? 'daily' : 'instant',
      push: kind !== 'post_like',
    }));
    const { calls } = mockFetch({
      ...shell,
      'GET /api/notification_preferences': () => jsonResponse({ preferences: saved }),
      'GET /api/event_reminders': jsonResponse({ choice: 'both' }),
      'GET /api/push_subscriptions': jsonResponse([]),
      'GET /api/push_settings': jsonResponse({ quiet_hours: null, hide_contents: false }),
      'PUT /api/notification_preferences': (call) => {
        const body = call.body as { preferences: NotificationPreference[] };
        saved = body.preferences;
        return jsonResponse({ preferences: saved });
      },
    });
    renderApp('/settings/notifications');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notification mail' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Likes on your posts: Daily digest' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Likes on your posts: Off' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mentions of you: push to my devices' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Your mail preferences are saved.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect((put!.body as { preferences: NotificationPreference[] }).preferences).toContainEqual({
      kind: 'post_like',
      delivery: 'off',
      push: false,
    });
    expect((put!.body as { preferences: NotificationPreference[] }).preferences).toContainEqual({
      kind: 'mention',
      delivery: 'instant',
      push: false,
    });
    expect(screen.getByRole('radio', { name: 'Likes on your posts: Off' })).toBeChecked();
    // Forty-two radios make role queries slow on jsdom.
  }, 20_000);
});

describe('/unsubscribe', () => {
  it('describes the link, changes nothing until confirmed, then unsubscribes', async () => {
    const { calls } = mockFetch({
      'GET /api/unsubscribe': jsonResponse({ scope: 'follow', label: 'New followers' }),
      'POST /api/unsubscribe': jsonResponse({ scope: 'follow', label: 'New followers', unsubscribed: true }),
    });
    renderApp('/unsubscribe?token=abc.def');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Stop mails for: New followers?')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed from: New followers.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.url).toContain('token=abc.def');
  });

  it('shows the server’s message for a bad link', async () => {
    mockFetch({
      'GET /api/unsubscribe': jsonResponse(
        { error: 'This unsubscribe link has expired. Open your mail preferences in Hearth instead.' },
        { status: 400 },
      ),
    });
    renderApp('/unsubscribe?token=old');
    expect(
      await screen.findByText(
        'This unsubscribe link has expired. Open your mail preferences in Hearth instead.',
      ),
    ).toBeInTheDocument();
  });
});

describe('/inbox in the member’s language', () => {
  afterEach(() => activateLocale('en'));

  // The member chose the language (else the web follows their browser's, English in jsdom).
  const lines = (locale: string) => ({
    ...shell,
    'GET /api/auth': jsonResponse({ ...ada, locale }),
    'GET /api/notifications/unread_count': jsonResponse({ count: 2 }),
    'GET /api/notifications': jsonResponse(
      [
        item('n1', { others_count: 2, text: 'Ana Lima and 2 others liked your post “Weekend hike”' }),
        item('n2', {
          kind: 'group_post',
          subject: { type: 'post', id: testId('p2'), title: null },
          text: '4 new posts in Chess club',
        }),
      ],
      { headers: { 'x-has-next-page': 'false' } },
    ),
  });

  it('speaks German: the page, the badge and each notification’s sentence', async () => {
    mockFetch(lines('de'));
    await act(() => activateLocale('de'));
    renderApp('/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Posteingang' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Benachrichtigungen' });
    expect(
      within(list).getByRole('button', {
        name: /Ana Lima und 2 weitere mögen deinen Beitrag „Weekend hike“/,
      }),
    ).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /4 neue Beiträge in Chess club/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeEnabled();
    expect(await screen.findByRole('link', { name: 'Posteingang, 2 ungelesen' })).toBeInTheDocument();
  });

  it('reads right to left in Arabic, with Arabic’s plural forms', async () => {
    mockFetch(lines('ar'));
    await act(() => activateLocale('ar'));
    renderApp('/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'صندوق الوارد' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const list = await screen.findByRole('list', { name: 'الإشعارات' });
    expect(
      within(list).getByRole('button', { name: /أُعجب Ana Lima وشخصان آخران بمنشورك «Weekend hike»/ }),
    ).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /4 منشورات جديدة في Chess club/ })).toBeInTheDocument();
  });
});
