import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { links as linksTable } from '../../server/db/schema';
import { createTestApp, type TestApp, waitForJobsDone } from '../support/test-app';
import { LINKS_PROCESS_JOB } from '../../server/features/links/links.job';
import { memberWithClient, uniqueName } from '../support/factories';
import { listApiRoutes } from '../support/routes';
import {
  addToGroup,
  createGroupAs,
  createPostAs,
  memberInGroup,
  memberOfAnotherGroup,
} from '../support/social-factories';
import { publishAs, uniqueSlug } from '../support/public-post-factories';
import type { TestClient } from '../support/test-client';
import type { GroupRole } from '../../shared/domain/constants';

/**
 * The authorisation matrix: every route the app registers, who may call it, and what each group
 * role gets. A route missing here fails the test, so a new route cannot ship without a decision.
 */

const ROLES = ['owner', 'moderator', 'poster', 'commentor', 'outsider'] as const;
type Role = (typeof ROLES)[number];

/**
 * A group with one member per role (the outsider holds a role in another group only), a post and a
 * comment by another Poster, and a pending request.
 */
interface World {
  clients: Record<Role, TestClient>;
  admin: TestClient;
  groupId: string;
  postId: string;
  commentId: string;
  openPostId: string;
  targetRoleId: string;
  requestId: string;
  otherUserId: string;
  otherUsername: string;
  reportId: string;
  /** A report on the group post, filed by a Commentor of the group. */
  groupReportId: string;
  /** A published link by another member (every member sees it) and a comment on it by its owner. */
  linkId: string;
  linkCommentId: string;
  /** An event in the group organised by the other Poster (ADR 057). */
  eventId: string;
  /** A date poll in the group proposed by the other Poster, and its first date (ADR 057). */
  datePollId: string;
  datePollCandidateId: string;
  /** A post of the group by the other Poster carrying a poll (ADR 058), and its first option. */
  pollPostId: string;
  pollOptionId: string;
  /** A direct conversation between the other Poster and the target, and a message in it (ADR 060). */
  conversationId: string;
  messageId: string;
}

interface Call {
  path: string;
  body?: unknown;
}

interface Entry {
  /** 401 for member-only routes; 'public' for routes open to visitors (any answer but 401). */
  signedOut: 401 | 'public';
  /** How to call it against a world; without it, path parameters become random ids. */
  call?: (world: World) => Call;
  /** Group routes: the status each role gets (a fresh world per role). */
  roles?: Record<Role, number>;
  /** Other member routes: the status an ordinary member gets. */
  member?: number;
  /** Admin routes: what a member and an admin get. */
  admin?: { member: number; admin: number };
  /**
   * Writes authorised by a signed token in the URL instead of the session, which mail programs
   * call without the XHR marker (RFC 8058 one-click unsubscribe): left out of the CSRF check.
   */
  tokenAuthorised?: true;
}

const byRole = (owner: number, moderator: number, poster: number, commentor: number, outsider: number) => ({
  owner,
  moderator,
  poster,
  commentor,
  outsider,
});
const MEMBERS_ONLY = (ok: number) => byRole(ok, ok, ok, ok, 404);

const MATRIX: Record<string, Entry> = {
  // Public and accounts (sign-in, sign-up, confirmation, password and invitation checks are open).
  'GET /api/health': { signedOut: 'public' },
  'GET /api/health/ready': { signedOut: 'public' },
  'GET /api/auth': { signedOut: 401, member: 200 },
  'POST /api/users': { signedOut: 'public' },
  'POST /api/users/sign_in': { signedOut: 'public' },
  'DELETE /api/users/sign_out': { signedOut: 'public' },
  'GET /api/users/confirmation': { signedOut: 'public' },
  'POST /api/users/confirmation': { signedOut: 'public' },
  'POST /api/users/password': { signedOut: 'public' },
  'PATCH /api/users/password': { signedOut: 'public' },
  'POST /api/check_invitation': { signedOut: 'public' },
  'POST /api/users/sign_in/two_factor': { signedOut: 'public' },

  // Account security: every route needs the session; another member's session is a 404.
  'GET /api/account/security': { signedOut: 401, member: 200 },
  'PATCH /api/account/password': { signedOut: 401 },
  'POST /api/account/email': { signedOut: 401 },
  'DELETE /api/account/email': { signedOut: 401, member: 204 },
  'POST /api/account/email/confirmation': { signedOut: 401 },
  'GET /api/account/sessions': { signedOut: 401, member: 200 },
  'DELETE /api/account/sessions': { signedOut: 401 },
  'DELETE /api/account/sessions/:id': { signedOut: 401, member: 404 },
  'POST /api/account/two_factor': { signedOut: 401 },
  'POST /api/account/two_factor/confirmation': { signedOut: 401 },
  'DELETE /api/account/two_factor': { signedOut: 401 },
  'POST /api/account/two_factor/recovery_codes': { signedOut: 401 },
  // Export my data: the download of an export that is not the member's own is a 404 (ADR 021).
  'POST /api/account/exports': { signedOut: 401 },
  'GET /api/account/exports': { signedOut: 401, member: 200 },
  'GET /api/account/exports/:id/download': { signedOut: 401, member: 404 },
  'GET /api/account/deletion': { signedOut: 401, member: 200 },
  'POST /api/account/deletion': { signedOut: 401 },
  'GET /api/invitations': { signedOut: 401, member: 200 },
  'POST /api/invitations': { signedOut: 401 },

  // Posts and the timeline.
  'GET /api/posts': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts?group_id=${w.groupId}` }),
    roles: MEMBERS_ONLY(200),
  },
  'POST /api/posts': {
    signedOut: 401,
    call: (w) => ({ path: '/api/posts', body: { post: { tldr: 'In the group', group_id: w.groupId } } }),
    roles: byRole(201, 201, 201, 403, 403),
  },
  'GET /api/posts/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}` }),
    roles: MEMBERS_ONLY(200),
  },
  'DELETE /api/posts/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}` }),
    roles: byRole(200, 200, 403, 403, 404),
  },
  'GET /api/posts/:id/comments': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}/comments` }),
    roles: MEMBERS_ONLY(200),
  },
  'POST /api/posts/:id/comments': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}/comments`, body: { comment: { content: 'Hi' } } }),
    roles: MEMBERS_ONLY(201),
  },
  'DELETE /api/comments/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/comments/${w.commentId}` }),
    roles: byRole(200, 200, 403, 403, 404),
  },
  'POST /api/posts/:id/likes': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}/likes` }),
    roles: MEMBERS_ONLY(200),
  },
  'DELETE /api/posts/:id/likes': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}/likes` }),
    roles: MEMBERS_ONLY(200),
  },
  // Reactions (ADR 044): whoever sees the post reacts and reads them, as with likes.
  'PUT /api/posts/:id/reactions/:emoji': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}/reactions/heart` }),
    roles: MEMBERS_ONLY(200),
  },
  'DELETE /api/posts/:id/reactions/:emoji': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}/reactions/heart` }),
    roles: MEMBERS_ONLY(200),
  },
  'GET /api/posts/:id/reactions': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}/reactions` }),
    roles: MEMBERS_ONLY(200),
  },
  'PUT /api/comments/:id/reactions/:emoji': {
    signedOut: 401,
    call: (w) => ({ path: `/api/comments/${w.commentId}/reactions/heart` }),
    roles: MEMBERS_ONLY(200),
  },
  'DELETE /api/comments/:id/reactions/:emoji': {
    signedOut: 401,
    call: (w) => ({ path: `/api/comments/${w.commentId}/reactions/heart` }),
    roles: MEMBERS_ONLY(200),
  },
  'GET /api/comments/:id/reactions': {
    signedOut: 401,
    call: (w) => ({ path: `/api/comments/${w.commentId}/reactions` }),
    roles: MEMBERS_ONLY(200),
  },
  'POST /api/posts/:id/report': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}/report`, body: { report: { reason: 'spam' } } }),
    roles: MEMBERS_ONLY(201),
  },
  'POST /api/posts/:id/ignore': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}/ignore` }),
    roles: MEMBERS_ONLY(200),
  },
  'DELETE /api/posts/:id/ignore': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}/ignore` }),
    roles: MEMBERS_ONLY(200),
  },
  'POST /api/comments/:id/report': {
    signedOut: 401,
    call: (w) => ({ path: `/api/comments/${w.commentId}/report`, body: { report: { reason: 'rude' } } }),
    roles: MEMBERS_ONLY(201),
  },
  'GET /api/ignored_posts': { signedOut: 401, member: 200 },
  'GET /api/reports/summary': { signedOut: 401, member: 200 },

  // Blocks: a member's own list; blocking someone who does not exist is a 404.
  'GET /api/blocks': { signedOut: 401, member: 200 },
  'GET /api/blocks/:user_id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/blocks/${w.otherUserId}` }),
    member: 200,
  },
  'POST /api/blocks': {
    signedOut: 401,
    call: () => ({ path: '/api/blocks', body: { user_id: randomUUID() } }),
    member: 404,
  },
  'DELETE /api/blocks/:user_id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/blocks/${w.otherUserId}` }),
    member: 200,
  },
  'POST /api/search': {
    signedOut: 401,
    call: () => ({ path: '/api/search', body: { query: 'group' } }),
    member: 200,
  },
  'POST /api/search/all': {
    signedOut: 401,
    call: () => ({ path: '/api/search/all', body: { query: 'group' } }),
    member: 200,
  },

  // Links (links.api.test.ts has who sees what): a published link of another member's.
  'GET /api/links': { signedOut: 401, member: 200 },
  'POST /api/links': {
    signedOut: 401,
    call: () => ({ path: '/api/links', body: { url: 'http://127.0.0.1:9/matrix', visibility: 'private' } }),
    member: 201,
  },
  'GET /api/links/:id': { signedOut: 401, call: (w) => ({ path: `/api/links/${w.linkId}` }), member: 200 },
  'DELETE /api/links/:id': { signedOut: 401, call: (w) => ({ path: `/api/links/${w.linkId}` }), member: 403 },
  'POST /api/links/:id/retry': {
    signedOut: 401,
    call: (w) => ({ path: `/api/links/${w.linkId}/retry` }),
    member: 403,
  },
  'POST /api/links/:id/like': {
    signedOut: 401,
    call: (w) => ({ path: `/api/links/${w.linkId}/like` }),
    member: 200,
  },
  'DELETE /api/links/:id/like': {
    signedOut: 401,
    call: (w) => ({ path: `/api/links/${w.linkId}/like` }),
    member: 200,
  },
  'GET /api/links/:id/comments': {
    signedOut: 401,
    call: (w) => ({ path: `/api/links/${w.linkId}/comments` }),
    member: 200,
  },
  'POST /api/links/:id/comments': {
    signedOut: 401,
    call: (w) => ({ path: `/api/links/${w.linkId}/comments`, body: { content: 'Hi' } }),
    member: 201,
  },
  'DELETE /api/links/:id/comments/:commentId': {
    signedOut: 401,
    call: (w) => ({ path: `/api/links/${w.linkId}/comments/${w.linkCommentId}` }),
    member: 403,
  },
  'POST /api/links/:id/comments/:commentId/like': {
    signedOut: 401,
    call: (w) => ({ path: `/api/links/${w.linkId}/comments/${w.linkCommentId}/like` }),
    member: 200,
  },
  'DELETE /api/links/:id/comments/:commentId/like': {
    signedOut: 401,
    call: (w) => ({ path: `/api/links/${w.linkId}/comments/${w.linkCommentId}/like` }),
    member: 200,
  },

  // Live updates: a stream never ends, so only the signed-out answer is checked here (events.api.test.ts).
  'GET /api/events': { signedOut: 401 },
  'PATCH /api/posts/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.postId}`, body: { post: { tldr: 'Edited', content: '' } } }),
    roles: byRole(403, 403, 403, 403, 404),
  },
  'PATCH /api/comments/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/comments/${w.commentId}`, body: { comment: { content: 'Edited' } } }),
    roles: byRole(403, 403, 403, 403, 404),
  },
  'GET /api/comments/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/comments/${w.commentId}` }),
    roles: MEMBERS_ONLY(200),
  },
  'GET /api/comments/:id/replies': {
    signedOut: 401,
    call: (w) => ({ path: `/api/comments/${w.commentId}/replies` }),
    roles: MEMBERS_ONLY(200),
  },
  'GET /api/mentions': { signedOut: 401, call: () => ({ path: '/api/mentions?q=ab' }), member: 200 },
  'GET /api/published_links': { signedOut: 'public', member: 200 },
  'GET /api/published_links/:id': {
    signedOut: 'public',
    call: (w) => ({ path: `/api/published_links/${w.linkId}` }),
    member: 404,
  },
  'GET /api/published_links/:id/lead_image': {
    signedOut: 'public',
    call: (w) => ({ path: `/api/published_links/${w.linkId}/lead_image` }),
    member: 404,
  },
  'GET /api/links/:id/lead_image': {
    signedOut: 401,
    call: (w) => ({ path: `/api/links/${w.linkId}/lead_image` }),
    member: 404,
  },
  'PATCH /api/links/:id/comments/:commentId': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/links/${w.linkId}/comments/${w.linkCommentId}`,
      body: { content: 'Edited' },
    }),
    member: 403,
  },
  'GET /api/links/:id/comments/:commentId/replies': {
    signedOut: 401,
    call: (w) => ({ path: `/api/links/${w.linkId}/comments/${w.linkCommentId}/replies` }),
    member: 200,
  },

  // The Inbox and mail preferences; unsubscribing is by signed token, with no session.
  'GET /api/notifications': { signedOut: 401, member: 200 },
  'GET /api/notifications/unread_count': { signedOut: 401, member: 200 },
  'GET /api/me/counts': { signedOut: 401, member: 200 },

  // Private conversations (ADR 060): the member here is no participant (they share no group and no
  // follow with the two who talk), so every conversation and message is a 404 and writing is refused.
  'GET /api/conversations': { signedOut: 401, member: 200 },
  'POST /api/conversations': {
    signedOut: 401,
    call: (w) => ({ path: '/api/conversations', body: { conversation: { user_ids: [w.otherUserId] } } }),
    member: 403,
  },
  'GET /api/conversations/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/conversations/${w.conversationId}` }),
    member: 404,
  },
  'PATCH /api/conversations/:id': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/conversations/${w.conversationId}`,
      body: { conversation: { name: 'Ours' } },
    }),
    member: 404,
  },
  'POST /api/conversations/:id/participants': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/conversations/${w.conversationId}/participants`,
      body: { participants: { user_ids: [w.otherUserId] } },
    }),
    member: 404,
  },
  'DELETE /api/conversations/:id/participation': {
    signedOut: 401,
    call: (w) => ({ path: `/api/conversations/${w.conversationId}/participation` }),
    member: 404,
  },
  'PUT /api/conversations/:id/mute': {
    signedOut: 401,
    call: (w) => ({ path: `/api/conversations/${w.conversationId}/mute` }),
    member: 404,
  },
  'DELETE /api/conversations/:id/mute': {
    signedOut: 401,
    call: (w) => ({ path: `/api/conversations/${w.conversationId}/mute` }),
    member: 404,
  },
  'POST /api/conversations/:id/accept': {
    signedOut: 401,
    call: (w) => ({ path: `/api/conversations/${w.conversationId}/accept` }),
    member: 404,
  },
  'POST /api/conversations/:id/decline': {
    signedOut: 401,
    call: (w) => ({ path: `/api/conversations/${w.conversationId}/decline` }),
    member: 404,
  },
  'POST /api/conversations/:id/read': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/conversations/${w.conversationId}/read`,
      body: { read: { message_id: w.messageId } },
    }),
    member: 404,
  },
  'GET /api/conversations/:id/messages': {
    signedOut: 401,
    call: (w) => ({ path: `/api/conversations/${w.conversationId}/messages` }),
    member: 404,
  },
  'POST /api/conversations/:id/messages': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/conversations/${w.conversationId}/messages`,
      body: { message: { content: 'Let me in' } },
    }),
    member: 404,
  },
  'PATCH /api/messages/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/messages/${w.messageId}`, body: { message: { content: 'Changed' } } }),
    member: 404,
  },
  'DELETE /api/messages/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/messages/${w.messageId}` }),
    member: 404,
  },
  'POST /api/messages/:id/report': {
    signedOut: 401,
    call: (w) => ({ path: `/api/messages/${w.messageId}/report`, body: { report: { reason: 'rude' } } }),
    member: 404,
  },
  'GET /api/messages/search': {
    signedOut: 401,
    call: () => ({ path: '/api/messages/search?q=us' }),
    member: 200,
  },
  'GET /api/messaging_settings': { signedOut: 401, member: 200 },
  'PUT /api/messaging_settings': {
    signedOut: 401,
    call: () => ({
      path: '/api/messaging_settings',
      body: { messaging_settings: { share_read_marks: false } },
    }),
    member: 200,
  },
  'POST /api/notifications/:id/read': { signedOut: 401, member: 404 },
  'POST /api/notifications/read_all': { signedOut: 401, member: 200 },
  'GET /api/notification_preferences': { signedOut: 401, member: 200 },
  'PUT /api/notification_preferences': {
    signedOut: 401,
    call: () => ({
      path: '/api/notification_preferences',
      body: { preferences: [{ kind: 'follow', delivery: 'off' }] },
    }),
    member: 200,
  },
  'GET /api/unsubscribe': { signedOut: 'public' },
  'POST /api/unsubscribe': { signedOut: 'public', tokenAuthorised: true },
  // Web Push (ADR 052): a member's own devices and quiet hours; another member's device is a 404.
  'GET /api/push/public_key': { signedOut: 401, member: 200 },
  'GET /api/push_subscriptions': { signedOut: 401, member: 200 },
  'POST /api/push_subscriptions': {
    signedOut: 401,
    call: () => ({
      path: '/api/push_subscriptions',
      body: {
        push_subscription: {
          endpoint: `https://push.example.com/send/${randomUUID()}`,
          keys: {
            p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'),
            auth: Buffer.alloc(16, 2).toString('base64url'),
          },
        },
      },
    }),
    member: 201,
  },
  'DELETE /api/push_subscriptions/:id': { signedOut: 401, member: 404 },
  'GET /api/push_settings': { signedOut: 401, member: 200 },
  'PUT /api/push_settings': {
    signedOut: 401,
    call: () => ({
      path: '/api/push_settings',
      body: {
        quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Europe/Lisbon' },
        hide_contents: false,
      },
    }),
    member: 200,
  },

  // Groups, members and join requests.
  'GET /api/groups': { signedOut: 401, member: 200 },
  'POST /api/groups': {
    signedOut: 401,
    call: () => ({ path: '/api/groups', body: { group: { name: uniqueName('Matrix') } } }),
    member: 201,
  },
  'GET /api/groups/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}` }),
    roles: byRole(200, 200, 200, 200, 200),
  },
  'PATCH /api/groups/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}`, body: { group: { name: uniqueName('Renamed') } } }),
    roles: byRole(200, 403, 403, 403, 403),
  },
  'GET /api/groups/:id/group_roles': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/group_roles` }),
    roles: byRole(200, 200, 200, 200, 403),
  },
  'PATCH /api/group_roles/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/group_roles/${w.targetRoleId}`, body: { group_role: { role: 'Poster' } } }),
    // The target is a Commentor: Moderators move Commentors and Posters between those roles (ADR 015).
    roles: byRole(200, 200, 403, 403, 403),
  },
  'DELETE /api/group_roles/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/group_roles/${w.targetRoleId}` }),
    roles: byRole(200, 200, 403, 403, 403),
  },
  'GET /api/groups/:id/group_requests': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/group_requests` }),
    roles: byRole(200, 200, 403, 403, 403),
  },
  'GET /api/group_requests': { signedOut: 401, member: 200 },
  'GET /api/group_requests/pending_count': { signedOut: 401, member: 200 },
  'POST /api/group_requests': {
    signedOut: 401,
    call: (w) => ({ path: '/api/group_requests', body: { group_request: { group_id: w.groupId } } }),
    roles: byRole(422, 422, 422, 422, 201),
  },
  'PATCH /api/group_requests/:id': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/group_requests/${w.requestId}`,
      body: { group_request: { role: 'Poster', status: 'accepted' } },
    }),
    roles: byRole(200, 200, 403, 403, 403),
  },
  // Invitations into groups (ADR 041): Owners and Moderators invite; the link is the Owners'.
  'POST /api/groups/:id/invitations': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/groups/${w.groupId}/invitations`,
      body: { invitation: { email: `${uniqueName('matrix')}@example.test` } },
    }),
    roles: byRole(201, 201, 403, 403, 403),
  },
  'GET /api/groups/:id/inviting': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/inviting` }),
    roles: byRole(200, 200, 403, 403, 403),
  },
  'PUT /api/groups/:id/invite_link': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/invite_link`, body: { invite_link: {} } }),
    roles: byRole(200, 403, 403, 403, 403),
  },
  'DELETE /api/groups/:id/invite_link': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/invite_link` }),
    roles: byRole(200, 403, 403, 403, 403),
  },
  // Answering is the invitee's alone: anyone else's invitation is a 404.
  'GET /api/group_invitations': { signedOut: 401, member: 200 },
  'PATCH /api/group_invitations/:id': {
    signedOut: 401,
    call: () => ({
      path: `/api/group_invitations/${randomUUID()}`,
      body: { group_invitation: { status: 'accepted' } },
    }),
    member: 404,
  },
  // Several files per post (ADR 048): the album is the members'; only the author describes a file
  // (the world's post is another Poster's: 403 for every role who sees it, 404 for the outsider).
  'GET /api/groups/:id/photos': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/photos` }),
    roles: MEMBERS_ONLY(200),
  },
  'PATCH /api/posts/:id/files/:file_id': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/posts/${w.postId}/files/${randomUUID()}`,
      body: { file: { alt: 'A kite' } },
    }),
    roles: byRole(403, 403, 403, 403, 404),
  },
  // Pinned posts (ADR 043): Owners and Moderators pin and unpin; members read them, like the timeline.
  'GET /api/groups/:id/pins': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/pins` }),
    roles: MEMBERS_ONLY(200),
  },
  'PUT /api/groups/:id/pins/:post_id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/pins/${w.postId}` }),
    roles: byRole(201, 201, 403, 403, 403),
  },
  'DELETE /api/groups/:id/pins/:post_id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/pins/${w.postId}` }),
    roles: byRole(200, 200, 403, 403, 403),
  },
  // Group notifications (ADR 045): every member sets their own level and read mark; outsiders 404.
  'PUT /api/groups/:id/notification_level': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/groups/${w.groupId}/notification_level`,
      body: { notification_level: { level: 'mentions' } },
    }),
    roles: MEMBERS_ONLY(200),
  },
  'POST /api/groups/:id/read': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/read` }),
    roles: MEMBERS_ONLY(200),
  },
  // Any link that does not lead in is one 404.
  'GET /api/group_links/:code': { signedOut: 401, member: 404 },
  'POST /api/group_links/:code/join': { signedOut: 401, member: 404 },
  'GET /api/me/arrival': { signedOut: 401, member: 200 },

  // Profiles, follows, feedback.
  'GET /api/profile': { signedOut: 401, member: 200 },
  'PATCH /api/profile': {
    signedOut: 401,
    call: () => ({ path: '/api/profile', body: { profile: {} } }),
    member: 200,
  },
  'GET /api/profiles/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/profiles/${w.otherUserId}` }),
    member: 200,
  },
  'GET /api/profiles/:id/': {
    signedOut: 401,
    call: (w) => ({ path: `/api/profiles/${w.otherUserId}/` }),
    member: 200,
  },
  'GET /api/profiles/:id/posts': {
    signedOut: 401,
    call: (w) => ({ path: `/api/profiles/${w.otherUserId}/posts` }),
    member: 200,
  },
  'POST /api/profiles/:id/follow': {
    signedOut: 401,
    call: (w) => ({ path: `/api/profiles/${w.otherUserId}/follow` }),
    member: 200,
  },
  'DELETE /api/profiles/:id/follow': {
    signedOut: 401,
    call: (w) => ({ path: `/api/profiles/${w.otherUserId}/follow` }),
    member: 200,
  },
  'GET /api/friends': { signedOut: 401, member: 200 },
  'GET /api/friends/following': { signedOut: 401, member: 200 },
  'GET /api/friends/followers': { signedOut: 401, member: 200 },
  'POST /api/feedbacks': {
    signedOut: 401,
    call: () => ({ path: '/api/feedbacks', body: { feedback: { content: 'Nice' } } }),
    member: 201,
  },

  // Files: upload requests, the files' stable addresses (public when published or an avatar; see
  // files.api.test.ts for who sees what) and the local store's signed URLs (the signature decides).
  'POST /api/file_requests': {
    signedOut: 401,
    call: () => ({ path: '/api/file_requests', body: { name: 'notes.txt', file_type: 'post_attachment' } }),
    member: 201,
  },
  'GET /api/file_requests/:id': { signedOut: 401, member: 404 },
  'PATCH /api/file_requests/:id': {
    signedOut: 401,
    call: () => ({ path: `/api/file_requests/${randomUUID()}`, body: { status: 'uploaded' } }),
    member: 404,
  },
  'DELETE /api/profile/avatar': { signedOut: 401, member: 200 },
  'GET /api/files/:id': { signedOut: 'public', member: 404 },
  'PUT /api/storage/:key': { signedOut: 'public' },
  'GET /api/storage/:key': { signedOut: 'public' },

  // Publishing (only the author: public-posts.api.test.ts) and the public reads (anyone, no session).
  'POST /api/public_posts': {
    signedOut: 401,
    call: (w) => ({
      path: '/api/public_posts',
      body: { public_post: { post_id: w.postId, slug: uniqueSlug('matrix') } },
    }),
    roles: byRole(403, 403, 403, 403, 404),
  },
  'GET /api/public_posts': { signedOut: 401, member: 200 },
  'DELETE /api/public_posts/:id': { signedOut: 401, member: 404 },
  'GET /api/published_posts': { signedOut: 'public', member: 200 },
  'GET /api/published_posts/:id': {
    signedOut: 'public',
    call: (w) => ({ path: `/api/published_posts/${w.postId}` }),
    member: 404,
  },
  'GET /api/explore/groups/:id': {
    signedOut: 'public',
    call: (w) => ({ path: `/api/explore/groups/${w.groupId}` }),
    member: 404,
  },
  'GET /api/explore/profiles/:id': {
    signedOut: 'public',
    call: (w) => ({ path: `/api/explore/profiles/${w.otherUserId}` }),
    member: 404,
  },

  // Gatherings (ADR 057): whoever may see the group sees and answers its events; whoever may post
  // creates one; its organiser alone edits and cancels; anyone else gets the group's 404.
  'GET /api/group_events': { signedOut: 401, member: 200 },
  'GET /api/groups/:id/events': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/events` }),
    roles: MEMBERS_ONLY(200),
  },
  'POST /api/group_events': {
    signedOut: 401,
    call: (w) => ({
      path: '/api/group_events',
      body: { group_event: { group_id: w.groupId, title: 'Picnic', starts_at: '2030-06-01T12:00' } },
    }),
    roles: byRole(201, 201, 201, 403, 404),
  },
  'GET /api/group_events/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/group_events/${w.eventId}` }),
    roles: MEMBERS_ONLY(200),
  },
  'PATCH /api/group_events/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/group_events/${w.eventId}`, body: { group_event: { title: 'Moved' } } }),
    roles: byRole(403, 403, 403, 403, 404),
  },
  'POST /api/group_events/:id/cancellation': {
    signedOut: 401,
    call: (w) => ({ path: `/api/group_events/${w.eventId}/cancellation` }),
    roles: byRole(403, 403, 403, 403, 404),
  },
  'PUT /api/group_events/:id/rsvp': {
    signedOut: 401,
    call: (w) => ({ path: `/api/group_events/${w.eventId}/rsvp`, body: { rsvp: { status: 'going' } } }),
    roles: MEMBERS_ONLY(200),
  },
  'GET /api/group_events/:id/calendar.ics': {
    signedOut: 401,
    call: (w) => ({ path: `/api/group_events/${w.eventId}/calendar.ics` }),
    roles: MEMBERS_ONLY(200),
  },
  'GET /api/group_events/:id/photos': {
    signedOut: 401,
    call: (w) => ({ path: `/api/group_events/${w.eventId}/photos` }),
    roles: MEMBERS_ONLY(200),
  },
  // Reminders are for an answer that is reminded: a member who has not answered gets 422.
  'PUT /api/group_events/:id/reminders': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/group_events/${w.eventId}/reminders`,
      body: { reminders: { choice: 'off' } },
    }),
    roles: byRole(422, 422, 422, 422, 404),
  },
  // Date polls (ADR 057): the rule of events. Whoever may see the group sees and answers its polls;
  // whoever may post proposes one; its organiser alone schedules; anyone else gets the group's 404.
  'GET /api/groups/:id/date_polls': {
    signedOut: 401,
    call: (w) => ({ path: `/api/groups/${w.groupId}/date_polls` }),
    roles: MEMBERS_ONLY(200),
  },
  'POST /api/date_polls': {
    signedOut: 401,
    call: (w) => ({
      path: '/api/date_polls',
      body: {
        date_poll: {
          group_id: w.groupId,
          title: 'Picnic',
          candidates: [{ starts_at: '2030-06-01T12:00' }, { starts_at: '2030-06-02T12:00' }],
        },
      },
    }),
    roles: byRole(201, 201, 201, 403, 404),
  },
  'GET /api/date_polls/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/date_polls/${w.datePollId}` }),
    roles: MEMBERS_ONLY(200),
  },
  'PUT /api/date_polls/:id/answers': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/date_polls/${w.datePollId}/answers`,
      body: { answers: [{ candidate_id: w.datePollCandidateId, answer: 'yes' }] },
    }),
    roles: MEMBERS_ONLY(200),
  },
  'POST /api/date_polls/:id/schedule': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/date_polls/${w.datePollId}/schedule`,
      body: { candidate_id: w.datePollCandidateId },
    }),
    roles: byRole(403, 403, 403, 403, 404),
  },
  'GET /api/event_reminders': { signedOut: 401, member: 200 },
  'PUT /api/event_reminders': {
    signedOut: 401,
    call: () => ({ path: '/api/event_reminders', body: { event_reminders: { choice: 'hour_before' } } }),
    member: 200,
  },

  // Polls on posts (ADR 058): whoever sees the post reads the poll and votes; the voters show only
  // once the results do (a fresh world's members have not voted); anyone else gets the post's 404.
  'GET /api/posts/:id/poll': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.pollPostId}/poll` }),
    roles: MEMBERS_ONLY(200),
  },
  'PUT /api/posts/:id/poll/vote': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/posts/${w.pollPostId}/poll/vote`,
      body: { vote: { option_ids: [w.pollOptionId] } },
    }),
    roles: MEMBERS_ONLY(200),
  },
  'DELETE /api/posts/:id/poll/vote': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.pollPostId}/poll/vote` }),
    roles: MEMBERS_ONLY(200),
  },
  'GET /api/posts/:id/poll/voters': {
    signedOut: 401,
    call: (w) => ({ path: `/api/posts/${w.pollPostId}/poll/voters` }),
    roles: byRole(403, 403, 403, 403, 404),
  },

  // The private calendar feed: the member's own; its address is the key (unknown: 404).
  'GET /api/calendar_feed': { signedOut: 401, member: 200 },
  'POST /api/calendar_feed': { signedOut: 401, member: 201 },
  'DELETE /api/calendar_feed': { signedOut: 401, member: 200 },
  'GET /api/calendar_feeds/:token': { signedOut: 'public', member: 404 },

  // Admin review.
  'GET /api/admin/feedbacks': { signedOut: 401, admin: { member: 403, admin: 200 } },
  // Reports: admins review all, a group's Owners and Moderators their group's reports.
  'GET /api/admin/reports': {
    signedOut: 401,
    call: () => ({ path: '/api/admin/reports' }),
    admin: { member: 403, admin: 200 },
    roles: byRole(200, 200, 403, 403, 403),
  },
  'PATCH /api/admin/reports/:id': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/admin/reports/${w.groupReportId}`,
      body: { report: { status: 'resolved' } },
    }),
    admin: { member: 403, admin: 200 },
    roles: byRole(200, 200, 403, 403, 403),
  },
  'POST /api/admin/reports/:id/removal': {
    signedOut: 401,
    call: (w) => ({
      path: `/api/admin/reports/${w.groupReportId}/removal`,
      body: { removal: { reason: 'Off topic.' } },
    }),
    roles: byRole(200, 200, 403, 403, 403),
  },

  // Admin controls over inviting.
  'GET /api/admin/settings': { signedOut: 401, admin: { member: 403, admin: 200 } },
  'PATCH /api/admin/settings': {
    signedOut: 401,
    call: () => ({ path: '/api/admin/settings', body: { settings: { invite_waiting_days: 0 } } }),
    admin: { member: 403, admin: 200 },
  },
  'GET /api/admin/members': {
    signedOut: 401,
    call: (w) => ({ path: `/api/admin/members?username=${w.otherUsername}` }),
    admin: { member: 403, admin: 200 },
  },
  'PATCH /api/admin/members/:id': {
    signedOut: 401,
    call: (w) => ({ path: `/api/admin/members/${w.otherUserId}`, body: { member: { can_invite: true } } }),
    admin: { member: 403, admin: 200 },
  },
};

/**
 * Role VALUES, not only who may call a route: the status each actor gets when granting each role,
 * by answering a request to join and by changing a Commentor's role. Every path that grants a role
 * follows one rule (server/policies/group-roles.ts, ADR 020); a Moderator never mints Moderators.
 */
const ACTOR_ROLES = ['Owner', 'Moderator', 'Poster', 'Commentor'] as const;
const GRANTED_BY_ANSWER: Record<
  (typeof ACTOR_ROLES)[number],
  Record<'Poster' | 'Moderator' | 'Commentor', number>
> = {
  Owner: { Poster: 200, Moderator: 200, Commentor: 200 },
  Moderator: { Poster: 200, Moderator: 403, Commentor: 200 },
  Poster: { Poster: 403, Moderator: 403, Commentor: 403 },
  Commentor: { Poster: 403, Moderator: 403, Commentor: 403 },
};
/** The target is a Commentor; setting the role they hold is a no-op for whoever may change it. */
const GRANTED_BY_CHANGE: Record<(typeof ACTOR_ROLES)[number], Record<GroupRole, number>> = {
  Owner: { Owner: 200, Moderator: 200, Poster: 200, Commentor: 200 },
  Moderator: { Owner: 403, Moderator: 403, Poster: 200, Commentor: 200 },
  Poster: { Owner: 403, Moderator: 403, Poster: 403, Commentor: 403 },
  Commentor: { Owner: 403, Moderator: 403, Poster: 403, Commentor: 403 },
};

function withRandomIds(route: string): Call {
  return { path: route.split(' ')[1]!.replace(/:[a-zA-Z]+/g, () => randomUUID()) };
}

function send(client: TestClient, route: string, call: Call) {
  const method = route.split(' ')[0]!;
  const body = call.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
  return client.request<any>(method, call.path, body);
}

describe('authorisation matrix', () => {
  let app: TestApp;
  let routes: string[];

  beforeAll(async () => {
    app = await createTestApp();
    routes = await listApiRoutes(app);
  });
  afterAll(() => app.close());

  /** `withLink: false` leaves the link out (its ids empty): the group-role checks never use it. */
  async function makeWorld({ withLink = true } = {}): Promise<World> {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const clients = { owner: owner.client } as Record<Role, TestClient>;
    for (const [role, name] of [
      ['moderator', 'Moderator'],
      ['poster', 'Poster'],
      ['commentor', 'Commentor'],
    ] as const) {
      const pair = await memberWithClient(app);
      await addToGroup(app, group.id, pair.member.id, name);
      clients[role] = pair.client;
    }
    // A Poster of another group: a membership check that forgets which group would let them in.
    clients.outsider = (await memberOfAnotherGroup(app)).client;
    const author = await memberWithClient(app);
    await addToGroup(app, group.id, author.member.id, 'Poster');
    const target = await memberWithClient(app);
    await addToGroup(app, group.id, target.member.id, 'Commentor');
    const post = await createPostAs(author.client, { tldr: 'A group post', group_id: group.id });
    const comment = await author.client.post(`/api/posts/${post.id}/comments`, {
      comment: { content: 'Mine' },
    });
    const event = await author.client.post('/api/group_events', {
      group_event: { group_id: group.id, title: 'Picnic', starts_at: '2030-06-01T12:00' },
    });
    const datePoll = await author.client.post('/api/date_polls', {
      date_poll: {
        group_id: group.id,
        title: 'When?',
        candidates: [{ starts_at: '2030-06-01T12:00' }, { starts_at: '2030-06-02T12:00' }],
      },
    });
    const pollPost = await author.client.post('/api/posts', {
      post: { tldr: 'Which day?', group_id: group.id, poll: { options: ['Saturday', 'Sunday'] } },
    });
    const requester = await memberWithClient(app);
    const request = await requester.client.post('/api/group_requests', {
      group_request: { group_id: group.id },
    });
    const roles = await owner.client.get(`/api/groups/${group.id}/group_roles`);
    const openPost = await createPostAs(author.client, { tldr: 'An open post' });
    const report = await requester.client.post(`/api/posts/${openPost.id}/report`);
    const groupReport = await target.client.post(`/api/posts/${post.id}/report`);
    const admin = await memberWithClient(app, { isAdmin: true });
    // Loopback: the reader refuses it at once, so no test reaches the network.
    const link = withLink
      ? await author.client.post('/api/links', {
          url: 'http://127.0.0.1:9/matrix-world',
          visibility: 'published',
        })
      : null;
    const linkComment = link
      ? await author.client.post(`/api/links/${link.body.id}/comments`, { content: 'Mine' })
      : null;
    const conversation = await author.client.post('/api/conversations', {
      conversation: { user_ids: [target.member.id] },
    });
    const message = await author.client.post(`/api/conversations/${conversation.body.id}/messages`, {
      message: { content: 'Between us' },
    });
    return {
      clients,
      admin: admin.client,
      groupId: group.id,
      postId: post.id,
      commentId: comment.body.id,
      openPostId: openPost.id,
      targetRoleId: roles.body.find((r: { user_id: string }) => r.user_id === target.member.id).id,
      requestId: request.body.id,
      otherUserId: author.member.id,
      otherUsername: author.member.username,
      reportId: report.body.id,
      groupReportId: groupReport.body.id,
      linkId: link?.body.id ?? '',
      linkCommentId: linkComment?.body.id ?? '',
      eventId: event.body.id,
      datePollId: datePoll.body.id,
      datePollCandidateId: datePoll.body.candidates[0].id,
      pollPostId: pollPost.body.id,
      pollOptionId: pollPost.body.poll.options[0].id,
      conversationId: conversation.body.id,
      messageId: message.body.id,
    };
  }

  it('covers every /api route the app registers, and nothing else', () => {
    expect(routes).toContain('GET /api/health');
    expect(routes).toContain('GET /api/profiles/:id/posts');
    const missing = routes.filter((route) => !(route in MATRIX));
    expect(missing, 'routes without an entry in the authorisation matrix').toEqual([]);
    const stale = Object.keys(MATRIX).filter((route) => !routes.includes(route));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
  });

  it('answers 401 to signed-out requests on member routes, and lets visitors reach public ones', async () => {
    const world = await makeWorld();
    const visitor = app.client();
    const failures: string[] = [];
    for (const route of routes) {
      const entry = MATRIX[route];
      if (!entry) continue;
      const res = await send(visitor, route, entry.call?.(world) ?? withRandomIds(route));
      const ok = entry.signedOut === 401 ? res.status === 401 : res.status !== 401 && res.status < 500;
      if (!ok) failures.push(`${route} → ${res.status}`);
      if (entry.signedOut === 401)
        expect(res.body).toEqual({ error: 'You need to sign in or sign up before continuing.' });
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to members on admin routes before judging their input', async () => {
    const { client } = await memberWithClient(app);
    const failures: string[] = [];
    for (const route of routes) {
      if (!MATRIX[route]?.admin) continue;
      const [method, path] = route.split(' ') as [string, string];
      const res = await client.request<any>(
        method,
        `${path.replace(':id', 'not-an-id')}?status=bogus&limit=-1&after=garbage`,
        method === 'GET' ? undefined : { report: { status: 'bogus' } },
      );
      if (res.status !== 403) failures.push(`${route} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses every write without the XHR marker, from another origin or cross-site (CSRF)', async () => {
    const world = await makeWorld();
    const refused: Record<string, string>[] = [
      { 'x-requested-with': '' },
      { origin: 'https://evil.example' },
      // The Host the request was sent to is not a trusted origin (DNS rebinding).
      { origin: app.url },
      { 'sec-fetch-site': 'cross-site' },
    ];
    const failures: string[] = [];
    for (const route of routes) {
      const entry = MATRIX[route];
      const method = route.split(' ')[0]!;
      if (!entry || method === 'GET' || entry.tokenAuthorised) continue;
      const call = entry.call?.(world) ?? withRandomIds(route);
      for (const headers of refused) {
        const res = await world.clients.owner.request<any>(method, call.path, call.body ?? {}, { headers });
        if (res.status !== 403 || typeof res.body.error !== 'string')
          failures.push(`${route} with ${JSON.stringify(headers)} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    // Nothing was changed: the group post is still there for its members.
    expect((await world.clients.owner.get(`/api/posts/${world.postId}`)).status).toBe(200);
  });

  // One test per group route (a fresh world per role is slow to build: a single test for them all
  // outgrew any sensible timeout on a loaded machine).
  const groupRoutes = Object.entries(MATRIX).filter(([, entry]) => entry.roles && entry.call);
  it.for(groupRoutes)('gives each group role what the rules allow: %s', async ([route, entry]) => {
    expect(routes).toContain(route);
    const failures: string[] = [];
    for (const role of ROLES) {
      const world = await makeWorld({ withLink: false });
      const res = await send(world.clients[role], route, entry.call!(world));
      if (res.status !== entry.roles![role]) {
        failures.push(
          `${role}: expected ${entry.roles![role]}, got ${res.status} ${JSON.stringify(res.body)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  /** A group whose Owner reads the roles, and the actor holding `actorRole` in it. */
  async function groupWithActor(actorRole: GroupRole) {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const actor = actorRole === 'Owner' ? owner : await memberInGroup(app, group.id, actorRole);
    const storedRole = async (userId: string) => {
      const roles = await owner.client.get<{ user_id: string; role: GroupRole }[]>(
        `/api/groups/${group.id}/group_roles`,
      );
      return roles.body.find((row) => row.user_id === userId)?.role ?? null;
    };
    return { group, actor: actor.client, storedRole };
  }

  const refused = { error: "You don't have permission to perform this action." };

  it.for(ACTOR_ROLES)(
    "lets the group's %s accept a request only with a role they may grant",
    async (actorRole) => {
      const { group, actor, storedRole } = await groupWithActor(actorRole);
      const failures: string[] = [];
      for (const [role, status] of Object.entries(GRANTED_BY_ANSWER[actorRole])) {
        const requester = await memberWithClient(app);
        const request = await requester.client.post('/api/group_requests', {
          group_request: { group_id: group.id },
        });
        const res = await actor.patch(`/api/group_requests/${request.body.id}`, {
          group_request: { status: 'accepted', role },
        });
        const stored = await storedRole(requester.member.id);
        const expected = status === 200 ? role : null;
        if (res.status !== status || stored !== expected)
          failures.push(`${role}: ${res.status} ${JSON.stringify(res.body)}, stored ${stored}`);
        if (status === 403) expect(res.body).toEqual(refused);
      }
      expect(failures).toEqual([]);
    },
  );

  it.for(ACTOR_ROLES)(
    "lets the group's %s change a Commentor's role only to one they may grant",
    async (actorRole) => {
      const { group, actor, storedRole } = await groupWithActor(actorRole);
      const failures: string[] = [];
      for (const [role, status] of Object.entries(GRANTED_BY_CHANGE[actorRole])) {
        const target = await memberInGroup(app, group.id, 'Commentor');
        const roles = await actor.get<{ id: string; user_id: string }[]>(
          `/api/groups/${group.id}/group_roles`,
        );
        const roleId = roles.body.find((row) => row.user_id === target.member.id)!.id;
        const res = await actor.patch(`/api/group_roles/${roleId}`, { group_role: { role } });
        const stored = await storedRole(target.member.id);
        const expected = status === 200 ? role : 'Commentor';
        if (res.status !== status || stored !== expected)
          failures.push(`${role}: ${res.status} ${JSON.stringify(res.body)}, stored ${stored}`);
        if (status === 403) expect(res.body).toEqual(refused);
      }
      expect(failures).toEqual([]);
    },
  );

  it('gives members and admins what the rules allow on the other routes', async () => {
    const world = await makeWorld();
    const failures: string[] = [];
    for (const route of routes) {
      const entry = MATRIX[route];
      if (!entry) continue;
      const call = entry.call?.(world) ?? withRandomIds(route);
      if (entry.member !== undefined) {
        const res = await send(world.clients.outsider, route, call);
        if (res.status !== entry.member)
          failures.push(`${route} as member: ${res.status} ${JSON.stringify(res.body)}`);
      }
      if (entry.admin) {
        const asMember = await send(world.clients.outsider, route, call);
        if (asMember.status !== entry.admin.member) failures.push(`${route} as member: ${asMember.status}`);
        const asAdmin = await send(world.admin, route, call);
        if (asAdmin.status !== entry.admin.admin) failures.push(`${route} as admin: ${asAdmin.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/**
 * What each list holds for each actor, not only that it answers 200: a list that leaked another
 * group's post, a blocked member's comment or a private link would pass every status check above.
 * The outsider is a Poster of another group, whose post the group's members must not see.
 */
describe('authorisation matrix: what each list holds', () => {
  let app: TestApp;
  let w: Awaited<ReturnType<typeof makeListWorld>>;

  /** A word in every post of this world, so search finds exactly these. */
  const WORD = `matrixword${randomUUID().slice(0, 8)}`;

  async function makeListWorld() {
    const author = await memberWithClient(app);
    const group = await createGroupAs(author.client);
    const member = await memberWithClient(app);
    await addToGroup(app, group.id, member.member.id, 'Commentor');
    const outsider = await memberOfAnotherGroup(app);
    const blocker = await memberWithClient(app);

    const groupPost = await createPostAs(author.client, { tldr: `${WORD} in the group`, group_id: group.id });
    const openPost = await createPostAs(author.client, { tldr: `${WORD} for everyone` });
    const otherGroupPost = await createPostAs(outsider.client, {
      tldr: `${WORD} in the other group`,
      group_id: outsider.otherGroupId,
    });
    await publishAs(author.client, openPost.id);

    const comment = async (client: TestClient, content: string) =>
      (await client.post(`/api/posts/${openPost.id}/comments`, { comment: { content } })).body.id as string;
    const memberComment = await comment(member.client, 'From the member');
    const outsiderComment = await comment(outsider.client, 'From the outsider');
    const blockerComment = await comment(blocker.client, 'From one who blocked the outsider');
    expect((await blocker.client.post('/api/blocks', { user_id: outsider.member.id })).status).toBe(201);

    // A like on the group post tells its author, and nobody else.
    expect((await member.client.post(`/api/posts/${groupPost.id}/likes`)).status).toBe(200);

    const share = async (visibility: string) =>
      (await author.client.post('/api/links', { url: `http://127.0.0.1:9/${visibility}`, visibility })).body
        .id as string;
    const links = {
      private: await share('private'),
      public: await share('public'),
      published: await share('published'),
    };
    // Loopback is refused, so the reader fails them; a visitor sees only a link whose reading is done.
    // The reader runs first: marked ready before it ends, a link would be marked failed after.
    await waitForJobsDone(app, LINKS_PROCESS_JOB, { timeoutMs: 30_000 });
    await app.context.db
      .update(linksTable)
      .set({ status: 'ready' })
      .where(inArray(linksTable.id, Object.values(links)));
    expect((await member.client.post(`/api/profiles/${author.member.id}/follow`)).status).toBe(200);

    return {
      author,
      member,
      outsider,
      groupId: group.id,
      otherGroupId: outsider.otherGroupId,
      posts: { group: groupPost.id, open: openPost.id, otherGroup: otherGroupPost.id },
      comments: { member: memberComment, outsider: outsiderComment, blocker: blockerComment },
      links,
    };
  }

  beforeAll(async () => {
    app = await createTestApp();
    w = await makeListWorld();
  });
  afterAll(() => app.close());

  /** The ids of the list at `path`, among `ours` (other tests' items are not this test's business). */
  async function idsAt(client: TestClient, path: string, ours: string[], body?: unknown) {
    const res = body === undefined ? await client.get(path) : await client.post(path, body);
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    return (res.body as { id: string }[])
      .map((item) => item.id)
      .filter((id) => ours.includes(id))
      .sort();
  }
  const sorted = (...ids: string[]) => [...ids].sort();

  it('the timeline: the group post to its members, the other group post to the outsider', async () => {
    const ours = Object.values(w.posts);
    expect(await idsAt(w.member.client, '/api/posts?limit=50', ours)).toEqual(
      sorted(w.posts.group, w.posts.open),
    );
    expect(await idsAt(w.author.client, '/api/posts?limit=50', ours)).toEqual(
      sorted(w.posts.group, w.posts.open),
    );
    expect(await idsAt(w.outsider.client, '/api/posts?limit=50', ours)).toEqual(
      sorted(w.posts.open, w.posts.otherGroup),
    );
  });

  it("a group's timeline holds that group's posts only", async () => {
    const ours = Object.values(w.posts);
    expect(await idsAt(w.member.client, `/api/posts?group_id=${w.groupId}`, ours)).toEqual([w.posts.group]);
    expect(await idsAt(w.outsider.client, `/api/posts?group_id=${w.otherGroupId}`, ours)).toEqual([
      w.posts.otherGroup,
    ]);
    expect((await w.member.client.get(`/api/posts?group_id=${w.otherGroupId}`)).status).toBe(404);
  });

  it('search finds what each may see', async () => {
    const ours = Object.values(w.posts);
    expect(await idsAt(w.member.client, '/api/search', ours, { query: WORD })).toEqual(
      sorted(w.posts.group, w.posts.open),
    );
    expect(await idsAt(w.outsider.client, '/api/search', ours, { query: WORD })).toEqual(
      sorted(w.posts.open, w.posts.otherGroup),
    );
  });

  it("a member's posts on their profile: the group post only to the group", async () => {
    const ours = Object.values(w.posts);
    const path = `/api/profiles/${w.author.member.id}/posts`;
    expect(await idsAt(w.member.client, path, ours)).toEqual(sorted(w.posts.group, w.posts.open));
    expect(await idsAt(w.outsider.client, path, ours)).toEqual([w.posts.open]);
    const outsidersPath = `/api/profiles/${w.outsider.member.id}/posts`;
    expect(await idsAt(w.member.client, outsidersPath, ours)).toEqual([]);
    expect(await idsAt(w.outsider.client, outsidersPath, ours)).toEqual([w.posts.otherGroup]);
  });

  it("comments: a member who blocked the viewer is left out of the viewer's list", async () => {
    const ours = Object.values(w.comments);
    const path = `/api/posts/${w.posts.open}/comments`;
    expect(await idsAt(w.member.client, path, ours)).toEqual(sorted(...ours));
    expect(await idsAt(w.outsider.client, path, ours)).toEqual(
      sorted(w.comments.member, w.comments.outsider),
    );
  });

  it("notifications: the like reaches the post's author only", async () => {
    // The group's members also hear of the post itself (ADR 045); the like is the author's news.
    const about = async (client: TestClient) =>
      ((await client.get('/api/notifications')).body as { path: string; kind: string }[]).filter(
        (item) => item.path === `/post/${w.posts.group}` && item.kind === 'post_like',
      );
    expect(await about(w.author.client)).toHaveLength(1);
    expect(await about(w.member.client)).toEqual([]);
    expect(await about(w.outsider.client)).toEqual([]);
  });

  it('links: private to the owner, public to followers, published to every member', async () => {
    const ours = Object.values(w.links);
    expect(await idsAt(w.author.client, '/api/links', ours)).toEqual(sorted(...ours));
    expect(await idsAt(w.member.client, '/api/links', ours)).toEqual(
      sorted(w.links.public, w.links.published),
    );
    expect(await idsAt(w.outsider.client, '/api/links', ours)).toEqual([w.links.published]);
  });

  it('published links and the explore feed show a visitor only what was published', async () => {
    const visitor = app.client();
    expect(await idsAt(visitor, '/api/published_links', Object.values(w.links))).toEqual([w.links.published]);
    expect(await idsAt(visitor, '/api/published_posts', Object.values(w.posts))).toEqual([w.posts.open]);
  });
});
