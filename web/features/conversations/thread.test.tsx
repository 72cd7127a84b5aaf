import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '@shared/api/conversations';
import { FakeEventSource } from '@web/features/links/test-fixtures';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { testId } from '@web/test/ids';
import { renderApp } from '@web/test/render-app';
import {
  aConversation,
  aMessage,
  anOwnMessage,
  ben,
  cleo,
  meCounts,
  pageOf,
  signedIn,
  viewer,
} from './test-fixtures';

const slow = { timeout: 8000 };
const conversation = aConversation();
const base = `/api/conversations/${conversation.id}`;
const path = `/messages/${conversation.id}`;

/** The routes of a thread with these messages (one page) and this conversation. */
function threadRoutes(messages: () => Message[], served: () => Conversation = () => conversation) {
  return {
    ...signedIn,
    [`GET ${base}`]: () => jsonResponse(served()),
    [`GET ${base}/messages`]: () => pageOf(messages()),
  };
}

const log = () => screen.findByRole('log', { name: 'Messages with Ben Stone' }, slow);
const messageFrom = (name: string, text: string) =>
  screen
    .getAllByRole('article', { name: `Message from ${name}` })
    .find((article) => within(article).queryByText(text))!;

async function openMenu(user: ReturnType<typeof userEvent.setup>, article: HTMLElement) {
  await user.click(within(article).getByRole('button', { name: 'Message options' }));
  return screen.findByRole('menu');
}

describe('/messages/:id', { timeout: 30_000 }, () => {
  it('shows a mark on its reader’s own message under the message before it that someone else wrote', async () => {
    const messages = [
      anOwnMessage('question', { content: 'Seeds or seedlings?', created_at: '2026-03-21T09:00:00.000Z' }),
      aMessage('reply', { content: 'Seedlings.', created_at: '2026-03-21T09:05:00.000Z' }),
    ];
    mockFetch(
      threadRoutes(
        () => messages,
        () =>
          aConversation({
            read_marks: [{ user_id: ben.id, last_read_message_id: testId('message:reply') }],
          }),
      ),
    );
    renderApp(path);
    const thread = await log();
    const own = await within(thread).findByRole('article', { name: 'Message from you' });
    expect(within(own).getByText('Seen by Ben Stone')).toBeInTheDocument();
    expect(within(messageFrom('Ben Stone', 'Seedlings.')).queryByText(/Seen by/)).not.toBeInTheDocument();
  });

  it('opened from a search result, loads older pages until the message is there and marks it out', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      [`GET ${base}`]: () => jsonResponse(conversation),
      [`GET ${base}/messages`]: (call) =>
        call.url.includes('before=older')
          ? pageOf([
              aMessage('found', {
                content: 'The seeds are in the shed',
                created_at: '2026-03-21T08:00:00.000Z',
              }),
            ])
          : pageOf(
              [aMessage('latest', { content: 'Anything else?', created_at: '2026-03-21T09:00:00.000Z' })],
              'older',
            ),
    });
    renderApp(`${path}?message=${testId('message:found')}`);
    const thread = await log();
    const found = await within(thread).findByText('The seeds are in the shed', {}, slow);
    const article = found.closest('article')!;
    await waitFor(() => expect(article).toHaveAttribute('aria-current', 'true'));
    await waitFor(() => expect(article).toHaveFocus());
    expect(messageFrom('Ben Stone', 'Anything else?')).not.toHaveAttribute('aria-current');
    expect(calls.filter((call) => call.url.includes('/messages?before=older'))).toHaveLength(1);
  });

  it('draws the thread: days, own messages at the end, edited, deleted, a deleted member’s, a quote, Seen by', async () => {
    const messages = [
      aMessage('first', { content: 'Are you coming **Saturday**?', created_at: '2026-03-20T10:00:00.000Z' }),
      anOwnMessage('answer', {
        content: 'Yes!',
        created_at: '2026-03-21T09:00:00.000Z',
        edited_at: '2026-03-21T09:05:00.000Z',
        reply_to: {
          id: testId('message:first'),
          sender_name: 'Ben Stone',
          preview: 'Are you coming Saturday?',
          deleted: false,
        },
      }),
      aMessage('gone', { content: '', deleted: true, created_at: '2026-03-21T09:10:00.000Z' }),
      // A deleted account's message: its text went with the account (ADR 060).
      aMessage('orphan', {
        content: '',
        sender: null,
        created_at: '2026-03-21T09:20:00.000Z',
      }),
    ];
    mockFetch(
      threadRoutes(
        () => messages,
        () =>
          aConversation({
            read_marks: [{ user_id: ben.id, last_read_message_id: testId('message:answer') }],
          }),
      ),
    );
    renderApp(path);
    const thread = await log();
    expect(
      await within(thread).findByRole('heading', { level: 2, name: 'March 20, 2026' }),
    ).toBeInTheDocument();
    expect(within(thread).getByRole('heading', { level: 2, name: 'March 21, 2026' })).toBeInTheDocument();
    expect(within(thread).getByText('Saturday').tagName).toBe('STRONG');

    const own = within(thread).getByRole('article', { name: 'Message from you' });
    expect(own).toHaveClass('flex-row-reverse');
    expect(within(own).getByText('edited')).toBeInTheDocument();
    expect(
      within(own).getByRole('button', { name: 'Answering Ben Stone: Are you coming Saturday?' }),
    ).toBeInTheDocument();
    expect(within(own).getByText('Seen by Ben Stone')).toBeInTheDocument();

    const deleted = messageFrom('Ben Stone', 'Message deleted');
    expect(within(deleted).queryByRole('button', { name: 'Message options' })).not.toBeInTheDocument();
    const orphan = within(thread).getByRole('article', { name: 'Message from deleted member' });
    expect(orphan).toHaveTextContent('Removed with the member’s account');
    expect(within(orphan).queryByRole('button', { name: 'Message options' })).not.toBeInTheDocument();
  });

  it('loads older messages above, keeping them in order', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      [`GET ${base}`]: jsonResponse(conversation),
      [`GET ${base}/messages`]: (call) =>
        call.url.includes('before=older')
          ? pageOf([aMessage('1', { created_at: '2026-03-21T08:00:00.000Z' })])
          : pageOf([aMessage('2', { created_at: '2026-03-21T09:00:00.000Z' })], 'older'),
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });
    const thread = await log();
    expect(await within(thread).findByText('Message 2')).toBeInTheDocument();
    expect(within(thread).queryByText('Message 1')).not.toBeInTheDocument();

    await user.click(within(thread).getByRole('button', { name: 'Load older messages' }));
    expect(await within(thread).findByText('Message 1')).toBeInTheDocument();
    const texts = within(thread)
      .getAllByRole('article')
      .map((article) => article.textContent);
    expect(texts[0]).toContain('Message 1');
    expect(texts[1]).toContain('Message 2');
    expect(within(thread).queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/messages?before=older'))).toBe(true);
  });

  it('sends with Enter, keeps Shift+Enter for a new line, and answers a message with Reply', async () => {
    let sent = 0;
    const { calls } = mockFetch({
      ...threadRoutes(() => [aMessage('hello', { content: 'Hello Ada' })]),
      [`POST ${base}/messages`]: (call) => {
        sent += 1;
        const body = call.body as { message: { content: string } };
        return jsonResponse(anOwnMessage(`sent-${sent}`, { content: body.message.content }), { status: 201 });
      },
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });
    const thread = await log();
    const box = await screen.findByRole('textbox', { name: 'Write a message' });

    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(sent).toBe(0);
    await user.keyboard('{Enter}');
    expect(await within(thread).findByText(/Line one/)).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      message: { content: 'Line one\nLine two' },
    });

    await openMenu(user, messageFrom('Ben Stone', 'Hello Ada'));
    await user.click(screen.getByRole('menuitem', { name: 'Reply' }));
    expect(screen.getByText('Replying to Ben Stone')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, 'Hi Ben{Enter}');
    await waitFor(() => expect(sent).toBe(2));
    expect(calls.filter((call) => call.method === 'POST')[1]?.body).toEqual({
      message: { content: 'Hi Ben', reply_to_id: testId('message:hello') },
    });
    await waitFor(() => expect(screen.queryByText('Replying to Ben Stone')).not.toBeInTheDocument());
  });

  it('edits its own message in place, and deletes it for everyone after confirming', async () => {
    const mine = anOwnMessage('mine', { content: 'Se you soon' });
    const { calls } = mockFetch({
      ...threadRoutes(() => [mine]),
      [`PATCH /api/messages/${mine.id}`]: (call) =>
        jsonResponse({
          ...mine,
          content: (call.body as { message: { content: string } }).message.content,
          edited_at: new Date().toISOString(),
        }),
      [`DELETE /api/messages/${mine.id}`]: () => new Response(null, { status: 204 }),
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });
    const thread = await log();
    const own = await within(thread).findByRole('article', { name: 'Message from you' });

    await openMenu(user, own);
    expect(screen.queryByRole('menuitem', { name: 'Report' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const field = within(own).getByRole('textbox', { name: 'Edit message' });
    await user.clear(field);
    await user.type(field, 'See you soon{Enter}');
    expect(await within(own).findByText('See you soon')).toBeInTheDocument();
    expect(within(own).getByText('edited')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      message: { content: 'See you soon' },
    });

    await openMenu(user, own);
    await user.click(screen.getByRole('menuitem', { name: 'Delete for everyone' }));
    const confirm = await findDialog({ name: 'Delete this message?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete for everyone' }));
    expect(await within(own).findByText('Message deleted')).toBeInTheDocument();
    // Its menu is gone with it: the focus is on the message, not lost to the page.
    await waitFor(() => expect(own).toHaveFocus());
    expect(within(own).queryByText('See you soon')).not.toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.url.endsWith(`/api/messages/${mine.id}`)),
    ).toBe(true);
  });

  it('reports another member’s message with a reason', async () => {
    const theirs = aMessage('rude', { content: 'Something unkind' });
    const { calls } = mockFetch({
      ...threadRoutes(() => [theirs]),
      [`POST /api/messages/${theirs.id}/report`]: jsonResponse({ id: testId('report') }, { status: 201 }),
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });
    await log();
    const article = await screen.findByRole('article', { name: 'Message from Ben Stone' });
    await openMenu(user, article);
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await findDialog({ name: 'Report message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Insulting');
    await user.click(within(dialog).getByRole('button', { name: 'Report message' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.url.endsWith('/report'))?.body).toEqual({
      report: { reason: 'Insulting' },
    });

    await openMenu(user, article);
    expect(screen.getByRole('menuitem', { name: 'Reported' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('a message request', { timeout: 30_000 }, () => {
  const request = aConversation({ status: 'request', can_write: true });

  it('is accepted from its banner, and the composer appears', async () => {
    let served = request;
    const { calls } = mockFetch({
      ...threadRoutes(
        () => [aMessage('hi', { content: 'Hi, we met at the fair' })],
        () => served,
      ),
      [`POST ${base}/accept`]: () => {
        served = aConversation();
        return jsonResponse(served);
      },
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });
    const banner = await screen.findByRole('region', { name: 'Message request' }, slow);
    expect(screen.queryByRole('textbox', { name: 'Write a message' })).not.toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('textbox', { name: 'Write a message' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Message request' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/accept'))).toBe(true);
  });

  it('is declined from its banner, back to the Requests tab', async () => {
    const { calls } = mockFetch({
      ...threadRoutes(
        () => [aMessage('hi')],
        () => request,
      ),
      [`POST ${base}/decline`]: () => new Response(null, { status: 204 }),
      'GET /api/conversations': pageOf([]),
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });
    const banner = await screen.findByRole('region', { name: 'Message request' }, slow);
    await user.click(within(banner).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('tab', { name: /Requests/, selected: true })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/decline'))).toBe(true);
  });
});

/**
 * An IntersectionObserver the test moves: `scroll(true)` says every observed element is on screen, as
 * when the reader scrolls the thread to its end; `scroll(false)`, that the reader scrolled up.
 */
class ScrollingObserver {
  static all = new Set<ScrollingObserver>();
  private readonly elements = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    ScrollingObserver.all.add(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    ScrollingObserver.all.delete(this);
  }
  takeRecords() {
    return [];
  }
  static scroll(isIntersecting: boolean) {
    for (const observer of ScrollingObserver.all) {
      const entries = [...observer.elements].map(
        (target) => ({ isIntersecting, target }) as IntersectionObserverEntry,
      );
      observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

describe('a live thread', { timeout: 30_000 }, () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    ScrollingObserver.all.clear();
    vi.stubGlobal('IntersectionObserver', ScrollingObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a message sent while the tab had no stream once the stream opens', async () => {
    let messages = [aMessage('old', { content: 'Earlier' })];
    mockFetch({
      ...threadRoutes(
        () => messages,
        () => aConversation(),
      ),
      'GET /api/me/counts': () => meCounts(0),
    });
    renderApp(path);
    const thread = await log();
    expect(await within(thread).findByText('Earlier')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    // Sent before the stream was there to hear it: no event will ever tell of it.
    messages = [
      ...messages,
      aMessage('missed', { content: 'Sent while you were away', created_at: '2026-03-21T10:05:00.000Z' }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 5));
    act(() => FakeEventSource.open());
    expect(await within(thread).findByText('Sent while you were away')).toBeInTheDocument();
  });

  it('shows a message that arrives live, and moves the read mark to it once it is scrolled into view', async () => {
    let messages = [aMessage('old', { content: 'Earlier' })];
    let unread = 0;
    const { calls } = mockFetch({
      ...threadRoutes(
        () => messages,
        () => aConversation({ unread_count: unread }),
      ),
      'GET /api/me/counts': () => meCounts(unread),
      [`POST ${base}/read`]: () => {
        unread = 0;
        return new Response(null, { status: 204 });
      },
    });
    renderApp(path);
    const thread = await log();
    expect(await within(thread).findByText('Earlier')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    // On screen but nothing unread: no read mark is posted. Then the reader scrolls up.
    act(() => ScrollingObserver.scroll(true));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/api/me/counts'))).toBe(true));
    expect(calls.some((call) => call.url.endsWith('/read'))).toBe(false);
    act(() => ScrollingObserver.scroll(false));

    messages = [
      ...messages,
      aMessage('new', { content: 'Just arrived', created_at: '2026-03-21T10:05:00.000Z' }),
    ];
    unread = 1;
    act(() =>
      FakeEventSource.emit({
        type: 'message.created',
        conversationId: conversation.id,
        messageId: testId('message:new'),
      }),
    );
    expect(await within(thread).findByText('Just arrived')).toBeInTheDocument();
    // Not read while the end of the thread is off screen; read once it is scrolled into view.
    expect(calls.some((call) => call.url.endsWith('/read'))).toBe(false);
    act(() => ScrollingObserver.scroll(true));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/read'))?.body).toEqual({
        read: { message_id: testId('message:new') },
      }),
    );
    // Another conversation's event changes nothing here.
    const asked = calls.length;
    act(() =>
      FakeEventSource.emit({
        type: 'message.created',
        conversationId: testId('elsewhere'),
        messageId: testId('m'),
      }),
    );
    await waitFor(() => expect(calls.some((call) => call.url.includes('/api/me/counts'))).toBe(true));
    expect(calls.slice(asked).some((call) => call.url.includes(`${base}/messages`))).toBe(false);
  });

  it('takes an edit and a deletion by others from the stream', async () => {
    let theirs = aMessage('m', { content: 'Frist' });
    mockFetch(threadRoutes(() => [theirs]));
    renderApp(path);
    const thread = await log();
    expect(await within(thread).findByText('Frist')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));

    theirs = { ...theirs, content: 'First', edited_at: '2026-03-21T10:01:00.000Z' };
    act(() =>
      FakeEventSource.emit({
        type: 'message.updated',
        conversationId: conversation.id,
        messageId: theirs.id,
      }),
    );
    expect(await within(thread).findByText('First')).toBeInTheDocument();

    theirs = { ...theirs, content: '', deleted: true };
    act(() =>
      FakeEventSource.emit({
        type: 'message.deleted',
        conversationId: conversation.id,
        messageId: theirs.id,
      }),
    );
    expect(await within(thread).findByText('Message deleted')).toBeInTheDocument();
  });
});

describe('a conversation one is not part of', () => {
  it('says it is not found', async () => {
    mockFetch({
      ...signedIn,
      [`GET ${base}`]: jsonResponse(
        { error: 'Resource not found. Please check your request.' },
        { status: 404 },
      ),
    });
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversation not found' }, slow),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/messages');
  });
});

describe('the conversation settings', { timeout: 30_000 }, () => {
  const circle = aConversation({
    kind: 'circle',
    name: 'Garden crew',
    title: 'Garden crew',
    participants: [viewer, ben],
  });

  it('renames a circle, adds a member, mutes it, and leaves after confirming', async () => {
    let served = circle;
    const { calls } = mockFetch({
      ...threadRoutes(
        () => [aMessage('hi')],
        () => served,
      ),
      [`PATCH ${base}`]: (call) => {
        served = { ...served, name: 'Seed swap', title: 'Seed swap' };
        expect(call.body).toEqual({ conversation: { name: 'Seed swap' } });
        return jsonResponse(served);
      },
      'GET /api/mentions': jsonResponse([
        { profile_id: cleo.id, name: cleo.name, username: 'cleo', avatar: null },
      ]),
      [`POST ${base}/participants`]: () => {
        served = { ...served, participants: [viewer, ben, cleo] };
        return jsonResponse(served);
      },
      [`PUT ${base}/mute`]: () => {
        served = { ...served, muted: true };
        return new Response(null, { status: 204 });
      },
      [`DELETE ${base}/participation`]: () => new Response(null, { status: 204 }),
      'GET /api/conversations': pageOf([]),
    });
    renderApp(path);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Conversation settings' }, slow));
    const dialog = await findDialog({ name: 'Conversation settings' });

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Seed swap');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    // The dialog names the conversation by its new title.
    expect(await within(dialog).findByText('Seed swap')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search members' }), 'cl');
    await user.click(await within(dialog).findByRole('button', { name: /Cleo Park/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 person' }));
    expect(await within(dialog).findByText('3 people')).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/participants'))?.body).toEqual({
      participants: { user_ids: [cleo.id] },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(await within(dialog).findByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT' && call.url.endsWith('/mute'))).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Leave conversation' }));
    const confirm = await findDialog({ name: 'Leave this conversation?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/participation'))).toBe(true);
  });

  it('keeps a direct conversation between two', async () => {
    mockFetch(threadRoutes(() => [aMessage('hi')]));
    renderApp(path);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Conversation settings' }, slow));
    const dialog = await findDialog({ name: 'Conversation settings' });
    expect(within(dialog).getByText(/To include more people, start a new conversation/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('searchbox', { name: 'Search members' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });
});
