import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@shared/domain/constants';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { testId } from '@web/test/ids';
import { anEvent } from './event-fixtures';

const going = {
  status: 'going',
  guests: 0,
  waitlisted: false,
  reminders: 'default',
  default_reminders: 'day_before',
} as const;

describe('reminders before an event', () => {
  it('names the default on the event page and saves a choice for this event', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      [`GET /api/group_events/${testId('event')}`]: jsonResponse(anEvent({ my_rsvp: going })),
      [`PUT /api/group_events/${testId('event')}/reminders`]: (call) => {
        bodies.push(call.body);
        return jsonResponse(anEvent({ my_rsvp: { ...going, reminders: 'hour_before' } }));
      },
    });
    renderApp(`/events/${testId('event')}`);
    const user = userEvent.setup({ delay: null });
    const menu = await screen.findByRole('combobox', { name: 'Reminders' });
    expect(menu).toHaveValue('default');
    expect(screen.getByRole('option', { name: 'My default' })).toBeInTheDocument();
    expect(screen.getByText('Your default: the day before.')).toBeInTheDocument();
    await user.selectOptions(menu, 'hour_before');
    await waitFor(() => expect(menu).toHaveValue('hour_before'));
    expect(bodies).toEqual([{ reminders: { choice: 'hour_before' } }]);
  }, 20_000);

  it('offers no reminders to a member who is not going', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      [`GET /api/group_events/${testId('event')}`]: jsonResponse(
        anEvent({ my_rsvp: { ...going, status: 'declined' } }),
      ),
    });
    renderApp(`/events/${testId('event')}`);
    // A positive control first: the answer is shown, then no reminders menu.
    expect(await screen.findByText('You: not going')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Reminders' })).not.toBeInTheDocument();
  }, 20_000);

  it('saves the default in Settings → Notifications', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/notification_preferences': jsonResponse({
        preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, delivery: 'instant', push: true })),
      }),
      'GET /api/push_subscriptions': jsonResponse([]),
      'GET /api/push_settings': jsonResponse({ quiet_hours: null, hide_contents: false }),
      'GET /api/event_reminders': jsonResponse({ choice: 'both' }),
      'PUT /api/event_reminders': (call) => {
        bodies.push(call.body);
        return jsonResponse({ choice: 'off' });
      },
    });
    renderApp('/settings/notifications');
    const user = userEvent.setup({ delay: null });
    const menu = await screen.findByRole('combobox', { name: 'Remind me' });
    expect(menu).toHaveValue('both');
    await user.selectOptions(menu, 'off');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByText('Reminders saved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ event_reminders: { choice: 'off' } }]);
    expect(screen.getByRole('row', { name: /Reminders before events I answered/ })).toBeInTheDocument();
  }, 20_000);
});
