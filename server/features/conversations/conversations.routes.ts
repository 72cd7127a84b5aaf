import {
  AddParticipantsBodySchema,
  ConversationListQuerySchema,
  ConversationListSchema,
  ConversationSchema,
  CreateConversationBodySchema,
  CreateMessageBodySchema,
  MessageListSchema,
  MessagePageQuerySchema,
  MessageSchema,
  MessagingSettingsSchema,
  MessageSearchQuerySchema,
  MessageSearchResultsSchema,
  ReadMarkBodySchema,
  UpdateConversationBodySchema,
  UpdateMessageBodySchema,
  UpdateMessagingSettingsBodySchema,
} from '../../../shared/api/conversations';
import { LIMITS } from '../../../shared/domain/constants';
import { IdParamsSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { invalidField } from '../../http/errors';
import { decodeKeyCursor, paginateByKey } from '../../http/key-cursor';
import { decodeCursor, paginate } from '../../http/pagination';
import { loadMessagingSettings, saveMessagingSettings } from './conversations.repo';
import {
  acceptRequest,
  addParticipants,
  createConversation,
  declineRequest,
  editMessage,
  leaveConversation,
  listConversations,
  loadConversation,
  loadMessagePage,
  markRead,
  removeMessage,
  renameCircle,
  searchMessages,
  sendMessage,
  setMuted,
  type ConversationContext,
} from './conversations.service';

/** Private conversations (issue 31, ADR 060): every route is for participants only (404 otherwise). */
export function registerConversationRoutes(app: App, routeContext: RouteContext) {
  const context: ConversationContext = { db: routeContext.db, config: routeContext.config };
  const { db, throttle } = routeContext;
  const signedIn = { preValidation: signedInOnly };

  /** The viewer's conversations (or open requests), newest activity first, paged by cursor. */
  app.get(
    '/api/conversations',
    {
      ...signedIn,
      schema: { querystring: ConversationListQuerySchema, response: { 200: ConversationListSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const limit = request.query.limit ?? LIMITS.pageSize;
      const cursor = decodeKeyCursor(request.query.after, ['string']);
      const { rows, present } = await listConversations(context, user.id, {
        status: request.query.status ?? 'active',
        cursor,
        limit,
      });
      return present(paginateByKey(reply, rows, limit, (row) => [row.activityExact]));
    },
  );

  app.post(
    '/api/conversations',
    {
      ...signedIn,
      schema: {
        body: CreateConversationBodySchema,
        response: { 200: ConversationSchema, 201: ConversationSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await throttle.hit('memberWrites', user.id);
      const { user_ids: userIds, name } = request.body.conversation;
      const { conversation, created } = await createConversation(context, user.id, { userIds, name });
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/api/conversations/:id',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: ConversationSchema } } },
    async (request) => loadConversation(context, request.params.id, requireUser(request).id),
  );

  app.patch(
    '/api/conversations/:id',
    {
      ...signedIn,
      schema: {
        params: IdParamsSchema,
        body: UpdateConversationBodySchema,
        response: { 200: ConversationSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await throttle.hit('memberWrites', user.id);
      return renameCircle(context, request.params.id, user.id, request.body.conversation.name);
    },
  );

  app.post(
    '/api/conversations/:id/participants',
    {
      ...signedIn,
      schema: {
        params: IdParamsSchema,
        body: AddParticipantsBodySchema,
        response: { 200: ConversationSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await throttle.hit('memberWrites', user.id);
      return addParticipants(context, request.params.id, user.id, request.body.participants.user_ids);
    },
  );

  app.delete(
    '/api/conversations/:id/participation',
    { ...signedIn, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      await throttle.hit('memberWrites', user.id);
      await leaveConversation(db, request.params.id, user.id);
      return reply.status(204).send();
    },
  );

  for (const [method, muted] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/api/conversations/:id/mute',
      { ...signedIn, schema: { params: IdParamsSchema } },
      async (request, reply) => {
        const user = requireUser(request);
        await throttle.hit('memberWrites', user.id);
        await setMuted(db, request.params.id, user.id, muted);
        return reply.status(204).send();
      },
    );
  }

  app.post(
    '/api/conversations/:id/accept',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: ConversationSchema } } },
    async (request) => {
      const user = requireUser(request);
      await throttle.hit('memberWrites', user.id);
      return acceptRequest(context, request.params.id, user.id);
    },
  );

  app.post(
    '/api/conversations/:id/decline',
    { ...signedIn, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      await throttle.hit('memberWrites', user.id);
      await declineRequest(db, request.params.id, user.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/conversations/:id/read',
    { ...signedIn, schema: { params: IdParamsSchema, body: ReadMarkBodySchema } },
    async (request, reply) => {
      const user = requireUser(request);
      await markRead(db, request.params.id, user.id, request.body.read.message_id);
      return reply.status(204).send();
    },
  );

  /** The messages the viewer may read, newest last; `before` pages older (keyset on created_at, id). */
  app.get(
    '/api/conversations/:id/messages',
    {
      ...signedIn,
      schema: {
        params: IdParamsSchema,
        querystring: MessagePageQuerySchema,
        response: { 200: MessageListSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const limit = request.query.limit ?? LIMITS.pageSize;
      const cursor = decodeBefore(request.query.before);
      const { rows, present } = await loadMessagePage(context, request.params.id, user.id, { cursor, limit });
      return paginate(reply, rows, limit, (row) => row.createdAtExact)
        .map(present)
        .reverse();
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, body: CreateMessageBodySchema, response: { 201: MessageSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await throttle.hit('memberWrites', user.id);
      const { content, reply_to_id: replyToId, file_request_ids: fileIds } = request.body.message;
      const { message } = await sendMessage(context, request.params.id, user.id, {
        content,
        replyToId: replyToId ?? null,
        fileIds: fileIds ?? [],
      });
      return reply.status(201).send(message);
    },
  );

  app.patch(
    '/api/messages/:id',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, body: UpdateMessageBodySchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await throttle.hit('memberWrites', user.id);
      return editMessage(context, request.params.id, user.id, request.body.message.content);
    },
  );

  app.delete(
    '/api/messages/:id',
    { ...signedIn, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      await throttle.hit('memberWrites', user.id);
      await removeMessage(context, request.params.id, user.id);
      return reply.status(204).send();
    },
  );

  /** The viewer's messages that hold every word asked for, newest first (only messages they may read). */
  app.get(
    '/api/messages/search',
    {
      ...signedIn,
      schema: { querystring: MessageSearchQuerySchema, response: { 200: MessageSearchResultsSchema } },
    },
    async (request) => searchMessages(context, requireUser(request).id, request.query.q),
  );

  app.get(
    '/api/messaging_settings',
    { ...signedIn, schema: { response: { 200: MessagingSettingsSchema } } },
    async (request) => presentSettings(await loadMessagingSettings(db, requireUser(request).id)),
  );

  app.put(
    '/api/messaging_settings',
    {
      ...signedIn,
      schema: { body: UpdateMessagingSettingsBodySchema, response: { 200: MessagingSettingsSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await throttle.hit('memberWrites', user.id);
      const current = await loadMessagingSettings(db, user.id);
      const given = request.body.messaging_settings;
      const next = {
        whoMayMessage: given.who_may_message ?? current.whoMayMessage,
        shareReadMarks: given.share_read_marks ?? current.shareReadMarks,
      };
      await saveMessagingSettings(db, user.id, next);
      return presentSettings(next);
    },
  );
}

function presentSettings(settings: {
  whoMayMessage: 'everyone_connected' | 'following';
  shareReadMarks: boolean;
}) {
  return { who_may_message: settings.whoMayMessage, share_read_marks: settings.shareReadMarks };
}

/** `?before=`: the cursor of the timelines, refused on its own field. */
function decodeBefore(value: string | undefined) {
  try {
    return decodeCursor(value);
  } catch {
    throw invalidField('before', 'is invalid');
  }
}
