import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationPreference } from '@shared/api/notifications';
import type { PushSettings, PushSubscription } from '@shared/api/push';
import { NOTIFICATION_KINDS } from '@shared/domain/constants';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { testId } from '@web/test/ids';

const preferences: NotificationPreference[] = NOTIFICATION_KINDS.map((kind) => ({
  kind,
  delivery: 'instant',
  push: true,
}));

const device = (id: string, extra: Partial<PushSubscription> = {}): PushSubscription => ({
  id: testId(id),
  name: 'Chrome 131 on Android 14',
  current: false,
  created_at: '2030-01-10T10:00:00.000Z',
  last_used_at: null,
  ...extra,
});

describe('/settings/notifications: push', () => {
  it('lists the devices that receive pushes and removes one', async () => {
    let devices = [device('phone'), device('laptop', { name: 'Firefox 133 on Linux', current: true })];
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/group_invitations': jsonResponse([]),
      'GET /api/notification_preferences': jsonResponse({ preferences }),
      'GET /api/event_reminders': jsonResponse({ choice: 'both' }),
      'GET /api/push_subscriptions': () => jsonResponse(devices),
      'GET /api/push_settings': jsonResponse({ quiet_hours: null, hide_contents: false }),
      [`DELETE /api/push_subscriptions/${testId('phone')}`]: () => {
        devices = devices.filter((entry) => entry.id !== testId('phone'));
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/settings/notifications');
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('This device')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove Chrome 131 on Android 14' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      expect.stringContaining(`/api/push_subscriptions/${testId('phone')}`),
    ]);
    // jsdom has no Push API: the device card says so rather than offering a button that cannot work.
    expect(screen.getByText('This browser cannot show notifications from websites.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).not.toBeInTheDocument();
  }, 20_000);

  it('saves quiet hours in the chosen zone, then none and hidden contents', async () => {
    const bodies: PushSettings[] = [];
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/group_invitations': jsonResponse([]),
      'GET /api/notification_preferences': jsonResponse({ preferences }),
      'GET /api/event_reminders': jsonResponse({ choice: 'both' }),
      'GET /api/push_subscriptions': jsonResponse([]),
      'GET /api/push_settings': jsonResponse({ quiet_hours: null, hide_contents: false }),
      'PUT /api/push_settings': (call) => {
        bodies.push(call.body as PushSettings);
        return jsonResponse(call.body);
      },
    });
    renderApp('/settings/notifications');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Pause notifications every night' }));
    const from = screen.getByLabelText('Quiet from');
    await user.clear(from);
    await user.type(from, '23:00');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(await screen.findByText('Your quiet hours are saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pause notifications every night' }));
    await user.click(screen.getByRole('checkbox', { name: /^Hide what notifications say/ }));
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { quiet_hours: { start: '23:00', end: '07:00', time_zone: 'Asia/Tokyo' }, hide_contents: false },
      { quiet_hours: null, hide_contents: true },
    ]);
  }, 20_000);
});
