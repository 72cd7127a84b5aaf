import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import {
  AddParticipantsBodySchema,
  ConversationListQuerySchema,
  ConversationSchema,
  CreateConversationBodySchema,
  CreateMessageBodySchema,
  MessagePageQuerySchema,
  MessageSchema,
  UpdateConversationBodySchema,
  UpdateMessagingSettingsBodySchema,
} from './conversations';

/** The conversation contracts (issue 31, ADR 060): what a request may carry and what answers hold. */

const ids = (count: number) =>
  Array.from({ length: count }, (_, index) => `11111111-1111-4111-8111-${String(index).padStart(12, '0')}`);

describe('a new conversation', () => {
  it('names 1 to 19 other members, each once, and an optional name (blank: none)', () => {
    expect(CreateConversationBodySchema.parse({ conversation: { user_ids: [UUID], name: '  ' } })).toEqual({
      conversation: { user_ids: [UUID], name: null },
    });
    expect(refusals(CreateConversationBodySchema, { conversation: { user_ids: ids(19) } })).toEqual([]);
    expect(refusals(CreateConversationBodySchema, { conversation: { user_ids: ids(20) } })).toEqual([
      ['conversation.user_ids', 'can name at most 19 members'],
    ]);
    expect(refusals(CreateConversationBodySchema, { conversation: { user_ids: [] } })).toEqual([
      ['conversation.user_ids', 'must name at least one member'],
    ]);
    expect(refusals(CreateConversationBodySchema, { conversation: { user_ids: [UUID, UUID] } })).toEqual([
      ['conversation.user_ids', 'lists the same member more than once'],
    ]);
    expect(refusals(CreateConversationBodySchema, { conversation: { user_ids: ['x'] } })).toEqual([
      ['conversation.user_ids.0', 'is not a valid id'],
    ]);
  });

  it('adding people takes the same list; a rename needs a name', () => {
    expect(refusals(AddParticipantsBodySchema, { participants: { user_ids: [UUID] } })).toEqual([]);
    expect(refusals(UpdateConversationBodySchema, { conversation: { name: ' ' } })).toEqual([
      ['conversation.name', "can't be blank"],
    ]);
  });
});

describe('a new message', () => {
  const create = (message: Record<string, unknown>) => refusals(CreateMessageBodySchema, { message });

  it('takes trimmed Markdown up to 10,000 characters, blank only with files', () => {
    expect(CreateMessageBodySchema.parse({ message: { content: ' Hi ' } })).toEqual({
      message: { content: 'Hi' },
    });
    expect(create({ content: ' ' })).toEqual([['message.content', "can't be blank"]]);
    expect(create({ content: '', file_request_ids: [UUID] })).toEqual([]);
    expect(create({ content: 'c'.repeat(10_001) })).toEqual([
      ['message.content', 'is too long (maximum is 10000 characters)'],
    ]);
    expect(create({ content: 'Yes', reply_to_id: 'm1' })).toEqual([
      ['message.reply_to_id', 'is not a valid id'],
    ]);
    expect(create({ content: 'Yes', file_request_ids: ids(11) })).toEqual([
      ['message.file_request_ids', 'can hold at most 10 files'],
    ]);
  });
});

describe('queries and settings', () => {
  it('list requests or active ones, page messages by a cursor', () => {
    expect(refusals(ConversationListQuerySchema, { status: 'left' })).toEqual([
      ['status', 'must be one of active, request'],
    ]);
    expect(MessagePageQuerySchema.parse({ before: 'c', limit: '30' })).toEqual({ before: 'c', limit: 30 });
  });

  it('messaging settings take a known choice and a boolean', () => {
    expect(
      refusals(UpdateMessagingSettingsBodySchema, {
        messaging_settings: { who_may_message: 'nobody', share_read_marks: 'yes' },
      }).map(([path]) => path),
    ).toEqual(['messaging_settings.who_may_message', 'messaging_settings.share_read_marks']);
  });
});

describe('the answers', () => {
  const person = { id: UUID, name: 'Ana Lima', username: 'ana', avatar: null };

  it('a conversation carries every field', () => {
    expectEveryFieldRequired(ConversationSchema, {
      id: UUID,
      kind: 'direct',
      name: null,
      title: 'Ana Lima',
      participants: [person],
      status: 'request',
      muted: false,
      unread_count: 0,
      last_message: null,
      last_message_at: null,
      can_write: true,
      read_marks: [],
      created_at: '2026-12-06T10:00:00.000Z',
    });
  });

  it('a message carries every field; a deleted member is a null sender', () => {
    expectEveryFieldRequired(MessageSchema, {
      id: UUID,
      conversation_id: UUID,
      content: '',
      deleted: true,
      sender: null,
      reply_to: null,
      files: [],
      edited_at: null,
      created_at: '2026-12-06T10:00:00.000Z',
      created_at_human: 'December 6, 2026',
      time_ago: 'just now',
      is_owner: false,
      can_edit: false,
      can_delete: false,
    });
  });
});
