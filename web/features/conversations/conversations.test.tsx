import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '@web/features/links/test-fixtures';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { testId } from '@web/test/ids';
import { renderApp } from '@web/test/render-app';
import { aConversation, aMessage, ben, cleo, meCounts, pageOf, signedIn, viewer } from './test-fixtures';

const aMessageResult = () => aMessage('seeds', { sender: cleo, content: 'Seeds are **in**' });

const slow = { timeout: 8000 };
const oneHourAgo = () => new Date(Date.now() - 60 * 60 * 1000).toISOString();

const circle = () =>
  aConversation({
    id: testId('conversation:circle'),
    kind: 'circle',
    name: 'Garden crew',
    title: 'Garden crew',
    participants: [viewer, ben, cleo],
    muted: true,
    unread_count: 3,
    last_message: {
      id: testId('m1'),
      preview: 'Seeds are in',
      sender_name: 'Cleo Park',
      created_at: oneHourAgo(),
    },
    last_message_at: oneHourAgo(),
  });

const request = () =>
  aConversation({
    id: testId('conversation:request'),
    title: 'Dora Quinn',
    status: 'request',
    last_message: {
      id: testId('m2'),
      preview: 'Hello there',
      sender_name: 'Dora Quinn',
      created_at: oneHourAgo(),
    },
    last_message_at: oneHourAgo(),
  });

describe('/messages', { timeout: 30_000 }, () => {
  it('searches messages from the search box and links each result to its message in its conversation', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/me/counts': meCounts(0),
      'GET /api/conversations': pageOf([circle()]),
      'GET /api/messages/search': (call) =>
        call.url.includes('q=seeds')
          ? jsonResponse([
              {
                message: { ...aMessageResult(), id: testId('message:seeds') },
                conversation: { id: testId('conversation:circle'), title: 'Garden crew' },
                preview: 'Seeds are in',
              },
              {
                message: { ...aMessageResult(), id: testId('message:mine'), sender: viewer, is_owner: true },
                conversation: { id: testId('conversation:circle'), title: 'Garden crew' },
                preview: 'More seeds tomorrow',
              },
            ])
          : jsonResponse([]),
    });
    renderApp('/messages');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Conversations' }, slow);
    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'seeds{Enter}');
    const results = await screen.findByRole('list', { name: 'Messages matching “seeds”' }, slow);
    const [result, mine] = within(results).getAllByRole('link', { name: /Garden crew/ });
    expect(within(mine!).getByText('You: More seeds tomorrow')).toBeInTheDocument();
    expect(result!).toHaveAttribute(
      'href',
      `/messages/${testId('conversation:circle')}?message=${testId('message:seeds')}`,
    );
    expect(within(result!).getByText('Cleo Park: Seeds are in')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/messages/search?q=seeds')).toBe(true);

    await user.clear(screen.getByRole('searchbox', { name: 'Search messages' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'nothing{Enter}');
    expect(await screen.findByText('No messages found', {}, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('tablist', { name: 'Conversations and requests' })).toBeInTheDocument();
  });

  it('lists conversations with their preview, unread count and muted mark, and switches to Requests', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/me/counts': meCounts(3, 1),
      'GET /api/conversations': (call) =>
        call.url.includes('status=request') ? pageOf([request()]) : pageOf([circle()]),
    });
    renderApp('/messages');
    const user = userEvent.setup({ delay: null });

    const list = await screen.findByRole('list', { name: 'Conversations' }, slow);
    const row = within(list).getByRole('link', { name: /Garden crew/ });
    expect(row).toHaveAttribute('href', `/messages/${testId('conversation:circle')}`);
    expect(within(row).getByText('Cleo Park: Seeds are in')).toBeInTheDocument();
    expect(within(row).getByText('3 unread messages')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Muted' })).toBeInTheDocument();

    // The tabs carry their counts; the navigation's badge says the unread number.
    expect(
      await screen.findByRole('tab', { name: /^Conversations\s*3 unread messages$/, selected: true }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Messages, 3 unread' }).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('tab', { name: /Requests/ }));
    const requests = await screen.findByRole('list', { name: 'Requests' });
    expect(within(requests).getByRole('link', { name: /Dora Quinn/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Requests/ })).toHaveAttribute('aria-selected', 'true');
    expect(calls.some((call) => call.url.includes('/api/conversations?status=request'))).toBe(true);
  });

  it('shows the empty state of each tab', async () => {
    mockFetch({ ...signedIn, 'GET /api/conversations': pageOf([]) });
    renderApp('/messages?tab=requests');
    expect(await screen.findByText('No requests', undefined, slow)).toBeInTheDocument();
  });

  it('starts a circle from the member picker, with a name, and opens it', async () => {
    const created = circle();
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/conversations': pageOf([]),
      'GET /api/mentions': (call) =>
        jsonResponse(
          call.url.includes('q=be')
            ? [{ profile_id: ben.id, name: ben.name, username: 'ben', avatar: null }]
            : [{ profile_id: cleo.id, name: cleo.name, username: 'cleo', avatar: null }],
        ),
      'POST /api/conversations': jsonResponse(created, { status: 201 }),
      [`GET /api/conversations/${created.id}`]: jsonResponse(created),
      [`GET /api/conversations/${created.id}/messages`]: pageOf([]),
    });
    renderApp('/messages');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'New message' }, slow));
    const dialog = await findDialog({ name: 'New message' });
    expect(within(dialog).getByRole('button', { name: 'Start conversation' })).toBeDisabled();

    const search = within(dialog).getByRole('searchbox', { name: 'Search members' });
    await user.type(search, 'be');
    await user.click(await within(dialog).findByRole('button', { name: /Ben Stone/ }));
    await user.clear(search);
    await user.type(search, 'cl');
    await user.click(await within(dialog).findByRole('button', { name: /Cleo Park/ }));
    const picked = within(dialog).getByRole('list', { name: 'Chosen members' });
    expect(within(picked).getByText('Ben Stone')).toBeInTheDocument();
    expect(within(picked).getByText('Cleo Park')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Garden crew');
    await user.click(within(dialog).getByRole('button', { name: 'Start conversation' }));

    expect(await screen.findByRole('heading', { level: 1, name: /Garden crew/ })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.url.endsWith('/api/conversations'));
    expect(post?.body).toEqual({ conversation: { user_ids: [ben.id, cleo.id], name: 'Garden crew' } });
  });
});

describe('the Messages badge', { timeout: 30_000 }, () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the counts again when a message arrives live', async () => {
    let unread = 0;
    mockFetch({
      ...signedIn,
      'GET /api/me/counts': () => meCounts(unread),
      'GET /api/notifications': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/inbox');
    expect((await screen.findAllByRole('link', { name: 'Messages' }, slow)).length).toBeGreaterThan(0);
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));

    unread = 2;
    act(() =>
      FakeEventSource.emit({
        type: 'message.created',
        conversationId: testId('conversation:ben'),
        messageId: testId('message:new'),
      }),
    );
    const badges = await screen.findAllByRole('link', { name: 'Messages, 2 unread' });
    expect(within(badges[0]!).getByText('2')).toBeInTheDocument();
  });
});
