import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import {
  CONVERSATION_KINDS,
  CONVERSATION_LIMITS,
  PARTICIPANT_STATUSES,
  WHO_MAY_MESSAGE,
} from '../domain/conversations';
import { optionalText, requiredText, text, titleText, tooLong, uuidParam, wholeNumber } from './fields';
import { PostFileSchema } from './posts';

/**
 * Contracts of private conversations (issue 31, ADR 060; /work/wt/CONTRACT-conversations.md).
 * Paths: /api/conversations (list, create), /api/conversations/{id} (read, rename) and its
 * participants, participation, mute, accept, decline, read and messages; /api/messages/{id} (edit,
 * delete, report), /api/messages/search and /api/messaging_settings.
 */

const userIds = z
  .array(uuidParam, { error: 'must be a list of member ids' })
  .min(1, { error: 'must name at least one member' })
  .max(CONVERSATION_LIMITS.participants - 1, {
    error: `can name at most ${CONVERSATION_LIMITS.participants - 1} members`,
  })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'lists the same member more than once' });

const conversationName = optionalText(CONVERSATION_LIMITS.name);

/** POST /api/conversations: one other member makes a direct conversation, more (or a name) a circle. */
export const CreateConversationBodySchema = z.object({
  conversation: z.object({ user_ids: userIds, name: conversationName }),
});
export type CreateConversationBody = z.input<typeof CreateConversationBodySchema>;

/** PATCH /api/conversations/{id}: a circle's name (any participant). */
export const UpdateConversationBodySchema = z.object({
  conversation: z.object({ name: titleText(CONVERSATION_LIMITS.name) }),
});
export type UpdateConversationBody = z.infer<typeof UpdateConversationBodySchema>;

/** POST /api/conversations/{id}/participants. */
export const AddParticipantsBodySchema = z.object({ participants: z.object({ user_ids: userIds }) });
export type AddParticipantsBody = z.infer<typeof AddParticipantsBodySchema>;

/** POST /api/conversations/{id}/read: the last message the viewer has seen; the mark only moves forward. */
export const ReadMarkBodySchema = z.object({ read: z.object({ message_id: uuidParam }) });
export type ReadMarkBody = z.infer<typeof ReadMarkBodySchema>;

export const ConversationListQuerySchema = z.object({
  status: z.enum(['active', 'request'], { error: 'must be one of active, request' }).optional(),
  after: text().max(200, tooLong(200)).optional(),
  limit: wholeNumber(1, 50, { coerce: true }).optional(),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuerySchema>;

/** GET /api/conversations/{id}/messages?before=: the latest page by default, `before` pages older. */
export const MessagePageQuerySchema = z.object({
  before: text().max(200, tooLong(200)).optional(),
  limit: wholeNumber(1, 100, { coerce: true }).optional(),
});
export type MessagePageQuery = z.infer<typeof MessagePageQuerySchema>;

const fileRequestIds = z
  .array(uuidParam, { error: 'must be a list of file ids' })
  .max(CONVERSATION_LIMITS.files, { error: `can hold at most ${CONVERSATION_LIMITS.files} files` })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'lists the same file more than once' });

/** Markdown as a comment's; may be blank only when files come with it (checked below). */
const messageContent = text()
  .trim()
  .max(LIMITS.commentContent, tooLong(LIMITS.commentContent))
  .nullish()
  .transform((value) => value ?? '');

export const CreateMessageBodySchema = z.object({
  message: z
    .object({
      content: messageContent,
      reply_to_id: uuidParam.nullish(),
      /** Uploads of this member's, of type message_attachment (POST /api/file_requests). */
      file_request_ids: fileRequestIds.optional(),
    })
    .superRefine((message, context) => {
      if (!message.content && !message.file_request_ids?.length) {
        context.addIssue({ code: 'custom', path: ['content'], message: "can't be blank" });
      }
    }),
});
export type CreateMessageBody = z.input<typeof CreateMessageBodySchema>;

/** PATCH /api/messages/{id}: the author rewrites the text; files stay. */
export const UpdateMessageBodySchema = z.object({
  message: z.object({ content: requiredText(LIMITS.commentContent) }),
});
export type UpdateMessageBody = z.infer<typeof UpdateMessageBodySchema>;

export const MessageSearchQuerySchema = z.object({
  q: text("can't be blank")
    .trim()
    .min(1, { error: "can't be blank" })
    .max(CONVERSATION_LIMITS.searchQuery, tooLong(CONVERSATION_LIMITS.searchQuery)),
});
export type MessageSearchQuery = z.infer<typeof MessageSearchQuerySchema>;

export const MessagingSettingsSchema = z.object({
  who_may_message: z.enum(WHO_MAY_MESSAGE),
  /** Others see how far this member has read. */
  share_read_marks: z.boolean(),
});
export type MessagingSettings = z.infer<typeof MessagingSettingsSchema>;

/** PUT /api/messaging_settings: either field, or both. */
export const UpdateMessagingSettingsBodySchema = z.object({
  messaging_settings: z.object({
    who_may_message: z
      .enum(WHO_MAY_MESSAGE, { error: `must be one of ${WHO_MAY_MESSAGE.join(', ')}` })
      .optional(),
    share_read_marks: z.boolean({ error: 'must be true or false' }).optional(),
  }),
});
export type UpdateMessagingSettingsBody = z.infer<typeof UpdateMessagingSettingsBodySchema>;

const PersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});
export type ConversationPerson = z.infer<typeof PersonSchema>;

export const ConversationSchema = z.object({
  id: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  name: z.string().nullable(),
  /** The name, or the other participants' names joined ("Ana Lima, Bo Chen"). */
  title: z.string(),
  /** The current participants, the viewer included. */
  participants: z.array(PersonSchema),
  /** The viewer's own state. */
  status: z.enum(PARTICIPANT_STATUSES),
  muted: z.boolean(),
  /** Messages after the viewer's read mark that others wrote. */
  unread_count: z.number().int(),
  last_message: z
    .object({
      id: z.string(),
      /** Plain text, at most 120 characters; "" for files alone, "Message deleted" once deleted. */
      preview: z.string(),
      sender_name: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
  last_message_at: z.string().nullable(),
  can_write: z.boolean(),
  /** How far others have read: only participants who share it, never the viewer. */
  read_marks: z.array(z.object({ user_id: z.string(), last_read_message_id: z.string() })),
  created_at: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationListSchema = z.array(ConversationSchema);

export const MessageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  /** Markdown; "" once deleted. */
  content: z.string(),
  deleted: z.boolean(),
  /** Null: a deleted member ("deleted member"). */
  sender: PersonSchema.nullable(),
  reply_to: z
    .object({
      id: z.string(),
      sender_name: z.string().nullable(),
      preview: z.string(),
      deleted: z.boolean(),
    })
    .nullable(),
  /** The same shape as a post's files; empty once deleted. */
  files: z.array(PostFileSchema),
  edited_at: z.string().nullable(),
  created_at: z.string(),
  created_at_human: z.string(),
  time_ago: z.string(),
  is_owner: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type Message = z.infer<typeof MessageSchema>;
/** Newest last. */
export const MessageListSchema = z.array(MessageSchema);

export const MessageSearchResultsSchema = z.array(
  z.object({
    message: MessageSchema,
    conversation: z.object({ id: z.string(), title: z.string() }),
    /** The message as one plain line (its start), for the result list. */
    preview: z.string(),
  }),
);
export type MessageSearchResults = z.infer<typeof MessageSearchResultsSchema>;
