import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aProfile } from '@web/features/profiles/test-fixtures';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { aConversation, ben, pageOf, signedIn } from './test-fixtures';

const slow = { timeout: 10_000 };

describe('Settings → Messages', { timeout: 30_000 }, () => {
  it('shows who may message me and read marks, and saves both', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/profile': jsonResponse(aProfile({ id: ada.id, username: 'ada', is_self: true })),
      'GET /api/messaging_settings': jsonResponse({
        who_may_message: 'everyone_connected',
        share_read_marks: true,
      }),
      'PUT /api/messaging_settings': (call) =>
        jsonResponse((call.body as { messaging_settings: unknown }).messaging_settings),
    });
    renderApp('/settings');
    const user = userEvent.setup({ delay: null });
    const who = await screen.findByRole('combobox', { name: 'Who may message me' }, slow);
    const card = who.closest('form')!;
    expect(who).toHaveValue('everyone_connected');
    const marks = within(card).getByRole('checkbox', { name: /Show others when I have read their messages/ });
    expect(marks).toBeChecked();

    await user.selectOptions(who, 'following');
    await user.click(marks);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Message settings saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      messaging_settings: { who_may_message: 'following', share_read_marks: false },
    });
  });
});

describe('a member’s profile', { timeout: 30_000 }, () => {
  // The server says Ada may write to Ben (a refusal may still come: a block made since).
  const profile = aProfile({
    id: ben.id,
    username: 'ben',
    first_name: 'Ben',
    last_name: 'Stone',
    can_message: true,
  });
  const routes = {
    ...signedIn,
    [`GET /api/profiles/${ben.id}/`]: jsonResponse(profile),
    [`GET /api/blocks/${ben.id}`]: jsonResponse({ user_id: ben.id, blocked: false }),
    [`GET /api/profiles/${ben.id}/posts`]: pageOf([]),
  };

  it('opens the conversation with them from Message', async () => {
    const conversation = aConversation();
    const { calls } = mockFetch({
      ...routes,
      'POST /api/conversations': jsonResponse(conversation),
      [`GET /api/conversations/${conversation.id}`]: jsonResponse(conversation),
      [`GET /api/conversations/${conversation.id}/messages`]: pageOf([]),
    });
    renderApp(`/profiles/${ben.id}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Message Ben Stone' }, slow));
    expect(await screen.findByRole('log', { name: 'Messages with Ben Stone' }, slow)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      conversation: { user_ids: [ben.id] },
    });
  });

  it('says why when the member may not be messaged', async () => {
    mockFetch({
      ...routes,
      'POST /api/conversations': jsonResponse({ error: 'You cannot message this member.' }, { status: 403 }),
    });
    renderApp(`/profiles/${ben.id}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Message Ben Stone' }, slow));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('You cannot message this member.'),
    );
  });
});
