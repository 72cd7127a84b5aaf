import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../support/accounts';
import { DEFAULT_PASSWORD, memberWithClient, uniqueName, type Member } from '../support/factories';
import { listApiRoutes } from '../support/routes';
import { addToGroup, createGroupAs, createPostAs } from '../support/social-factories';
import { uniqueSlug } from '../support/public-post-factories';
import { createTestApp, type TestApp } from '../support/test-app';
import type { TestClient, TestResponse } from '../support/test-client';

/**
 * The no-500 sweep (ARCHITECTURE.md "API conventions": bad input never yields a 500). Every /api
 * route the app registers gets hostile input from a signed-in member who could otherwise succeed
 * (the group's Owner, the post's author, an admin on admin routes), and must answer a 4xx in the
 * API's error shape: malformed and mistyped bodies, mistyped and oversized fields, NUL bytes and
 * lone surrogates, path ids that are not UUIDs or do not exist, and mistyped query parameters.
 */

interface World {
  member: Member;
  client: TestClient;
  admin: TestClient;
  groupId: string;
  otherGroupId: string;
  postId: string;
  commentId: string;
  roleId: string;
  requestId: string;
  otherUserId: string;
  reportId: string;
  /** A member nobody knows, for the block routes (blocking them hides nothing the sweep uses). */
  strangerId: string;
  invitationCode: string;
  /** A pending upload of the member's. */
  fileRequestId: string;
  /** A link the member shared, and the member's comment on it. */
  linkId: string;
  linkCommentId: string;
  /** An event of the member's in the group (ADR 057). */
  eventId: string;
  /** A date poll of the member's in the group, and its first date (ADR 057). */
  datePollId: string;
  datePollCandidateId: string;
  /** A post of the member's in the group carrying a poll (ADR 058), and its first option. */
  pollPostId: string;
  pollOptionId: string;
  /** The member's direct conversation with the other member, and the member's message in it (ADR 060). */
  conversationId: string;
  messageId: string;
}

type Body = Record<string, unknown>;

interface Target {
  /** A call that would succeed (or fail only on purpose): the path with real ids, and the body. */
  path: (w: World) => string;
  body?: (w: World) => Body;
  /** The query parameters the route reads. */
  query?: (keyof typeof QUERY_CASES)[];
  /** Admin routes are swept as an admin, so the handler runs. */
  asAdmin?: boolean;
  /** Hostile-looking cases this route accepts by design (named as in the failures). */
  accepts?: string[];
}

const TARGETS: Record<string, Target> = {
  'GET /api/health': { path: () => '/api/health' },
  'GET /api/health/ready': { path: () => '/api/health/ready' },
  'GET /api/auth': { path: () => '/api/auth' },
  'POST /api/users': {
    path: () => '/api/users',
    body: (w) => ({
      user: {
        username: uniqueName('sweep'),
        email: `${uniqueName('sweep')}@example.test`,
        password: DEFAULT_PASSWORD,
        first_name: 'Ada',
        last_name: 'Lovelace',
        invitation_code: w.invitationCode,
      },
    }),
  },
  'POST /api/users/sign_in': {
    path: () => '/api/users/sign_in',
    body: (w) => ({ user: { email: w.member.email, password: DEFAULT_PASSWORD } }),
  },
  'DELETE /api/users/sign_out': { path: () => '/api/users/sign_out' },
  'GET /api/users/confirmation': {
    path: () => '/api/users/confirmation',
    query: ['confirmation_token'],
  },
  'POST /api/users/confirmation': {
    path: () => '/api/users/confirmation',
    body: (w) => ({ user: { email: w.member.email } }),
  },
  'POST /api/users/password': {
    path: () => '/api/users/password',
    body: (w) => ({ user: { email: w.member.email } }),
  },
  'PATCH /api/users/password': {
    path: () => '/api/users/password',
    body: () => ({
      user: {
        reset_password_token: 'token',
        password: 'new password!',
        password_confirmation: 'new password!',
      },
    }),
  },
  'POST /api/users/sign_in/two_factor': {
    path: () => '/api/users/sign_in/two_factor',
    body: () => ({ user: { sign_in_token: 'pending-token', code: '123456' } }),
  },
  // Account security: a wrong current password keeps the sweep from changing the member's account.
  'GET /api/account/security': { path: () => '/api/account/security' },
  'PATCH /api/account/password': {
    path: () => '/api/account/password',
    body: () => ({
      user: { current_password: 'not it', password: 'new password!', password_confirmation: 'new password!' },
    }),
  },
  'POST /api/account/email': {
    path: () => '/api/account/email',
    body: () => ({ user: { email: `${uniqueName('moved')}@example.test`, current_password: 'not it' } }),
  },
  'DELETE /api/account/email': { path: () => '/api/account/email' },
  'POST /api/account/email/confirmation': {
    path: () => '/api/account/email/confirmation',
    body: () => ({ user: { token: 'some-token' } }),
  },
  'GET /api/account/sessions': { path: () => '/api/account/sessions' },
  'DELETE /api/account/sessions': { path: () => '/api/account/sessions' },
  'DELETE /api/account/sessions/:id': { path: (w) => `/api/account/sessions/${w.otherUserId}` },
  'POST /api/account/two_factor': {
    path: () => '/api/account/two_factor',
    body: () => ({ user: { current_password: 'not it' } }),
  },
  'POST /api/account/two_factor/confirmation': {
    path: () => '/api/account/two_factor/confirmation',
    body: () => ({ user: { code: '123456' } }),
  },
  'DELETE /api/account/two_factor': {
    path: () => '/api/account/two_factor',
    body: () => ({ user: { current_password: 'not it', code: '123456' } }),
  },
  'POST /api/account/two_factor/recovery_codes': {
    path: () => '/api/account/two_factor/recovery_codes',
    body: () => ({ user: { current_password: 'not it' } }),
  },
  'POST /api/account/exports': { path: () => '/api/account/exports' },
  'GET /api/account/exports': { path: () => '/api/account/exports' },
  'GET /api/account/exports/:id/download': { path: (w) => `/api/account/exports/${w.otherUserId}/download` },
  // A wrong password keeps the sweep from scheduling the member's deletion.
  'GET /api/account/deletion': { path: () => '/api/account/deletion' },
  'POST /api/account/deletion': {
    path: () => '/api/account/deletion',
    body: () => ({ user: { current_password: 'not it', code: '123456' } }),
  },
  'POST /api/check_invitation': {
    path: () => '/api/check_invitation',
    body: () => ({ invitation: { code: 'some-code' } }),
  },
  'GET /api/invitations': { path: () => '/api/invitations', query: ['after', 'limit'] },
  'POST /api/invitations': {
    path: () => '/api/invitations',
    body: () => ({ invitation: { email: `${uniqueName('invitee')}@example.test` } }),
  },

  'GET /api/links': { path: () => '/api/links', query: ['after', 'limit'] },
  'POST /api/links': {
    path: () => '/api/links',
    body: () => ({ url: 'http://127.0.0.1:9/sweep', comment: 'Worth a read', visibility: 'private' }),
    // The spec's form sends an empty comment as null.
    accepts: ['comment: null'],
  },
  'GET /api/links/:id': { path: (w) => `/api/links/${w.linkId}` },
  'DELETE /api/links/:id': { path: (w) => `/api/links/${w.linkId}` },
  'POST /api/links/:id/retry': { path: (w) => `/api/links/${w.linkId}/retry` },
  'POST /api/links/:id/like': { path: (w) => `/api/links/${w.linkId}/like` },
  'DELETE /api/links/:id/like': { path: (w) => `/api/links/${w.linkId}/like` },
  'GET /api/links/:id/comments': { path: (w) => `/api/links/${w.linkId}/comments` },
  'POST /api/links/:id/comments': {
    path: (w) => `/api/links/${w.linkId}/comments`,
    body: () => ({ content: 'A comment' }),
  },
  'DELETE /api/links/:id/comments/:commentId': {
    path: (w) => `/api/links/${w.linkId}/comments/${w.linkCommentId}`,
  },
  'POST /api/links/:id/comments/:commentId/like': {
    path: (w) => `/api/links/${w.linkId}/comments/${w.linkCommentId}/like`,
  },
  'DELETE /api/links/:id/comments/:commentId/like': {
    path: (w) => `/api/links/${w.linkId}/comments/${w.linkCommentId}/like`,
  },
  // A stream that never ends: it takes no input to refuse (events.api.test.ts).
  'GET /api/events': { path: () => '/api/events' },
  'PATCH /api/links/:id/comments/:commentId': {
    path: (w) => `/api/links/${w.linkId}/comments/${w.linkCommentId}`,
    body: () => ({ content: 'An edited comment' }),
  },
  'GET /api/links/:id/comments/:commentId/replies': {
    path: (w) => `/api/links/${w.linkId}/comments/${w.linkCommentId}/replies`,
    query: ['after', 'limit'],
  },
  'GET /api/links/:id/lead_image': { path: (w) => `/api/links/${w.linkId}/lead_image` },
  'GET /api/published_links': { path: () => '/api/published_links', query: ['after', 'limit'] },
  'GET /api/published_links/:id': { path: (w) => `/api/published_links/${w.linkId}` },
  'GET /api/published_links/:id/lead_image': { path: (w) => `/api/published_links/${w.linkId}/lead_image` },
  'PATCH /api/posts/:id': {
    path: (w) => `/api/posts/${w.postId}`,
    body: () => ({ post: { tldr: 'An edited post', content: 'Edited text' } }),
  },
  'PATCH /api/comments/:id': {
    path: (w) => `/api/comments/${w.commentId}`,
    body: () => ({ comment: { content: 'An edited comment' } }),
  },
  'GET /api/comments/:id': { path: (w) => `/api/comments/${w.commentId}` },
  'GET /api/comments/:id/replies': {
    path: (w) => `/api/comments/${w.commentId}/replies`,
    query: ['after', 'limit'],
  },
  'GET /api/mentions': { path: () => '/api/mentions?q=me', query: ['q', 'group_id'] },
  'GET /api/conversations': { path: () => '/api/conversations', query: ['after', 'limit', 'status'] },
  'POST /api/conversations': {
    path: () => '/api/conversations',
    body: (w) => ({ conversation: { user_ids: [w.otherUserId], name: 'Plans' } }),
  },
  'GET /api/conversations/:id': { path: (w) => `/api/conversations/${w.conversationId}` },
  'PATCH /api/conversations/:id': {
    path: (w) => `/api/conversations/${w.conversationId}`,
    body: () => ({ conversation: { name: 'Renamed' } }),
  },
  'POST /api/conversations/:id/participants': {
    path: (w) => `/api/conversations/${w.conversationId}/participants`,
    body: (w) => ({ participants: { user_ids: [w.strangerId] } }),
  },
  'DELETE /api/conversations/:id/participation': {
    path: (w) => `/api/conversations/${w.conversationId}/participation`,
  },
  'PUT /api/conversations/:id/mute': { path: (w) => `/api/conversations/${w.conversationId}/mute` },
  'DELETE /api/conversations/:id/mute': { path: (w) => `/api/conversations/${w.conversationId}/mute` },
  'POST /api/conversations/:id/accept': { path: (w) => `/api/conversations/${w.conversationId}/accept` },
  'POST /api/conversations/:id/decline': { path: (w) => `/api/conversations/${w.conversationId}/decline` },
  'POST /api/conversations/:id/read': {
    path: (w) => `/api/conversations/${w.conversationId}/read`,
    body: (w) => ({ read: { message_id: w.messageId } }),
  },
  'GET /api/conversations/:id/messages': {
    path: (w) => `/api/conversations/${w.conversationId}/messages`,
    query: ['before', 'limit'],
    // A thread pages up to 100 messages at once.
    accepts: ['?limit=51'],
  },
  'POST /api/conversations/:id/messages': {
    path: (w) => `/api/conversations/${w.conversationId}/messages`,
    body: (w) => ({ message: { content: 'Hello', reply_to_id: w.messageId } }),
  },
  'PATCH /api/messages/:id': {
    path: (w) => `/api/messages/${w.messageId}`,
    body: () => ({ message: { content: 'Edited' } }),
  },
  'DELETE /api/messages/:id': { path: (w) => `/api/messages/${w.messageId}` },
  'POST /api/messages/:id/report': {
    path: (w) => `/api/messages/${w.messageId}/report`,
    body: () => ({ report: { reason: 'Rude' } }),
  },
  'GET /api/messages/search': { path: () => '/api/messages/search?q=hi', query: ['q'] },
  'GET /api/messaging_settings': { path: () => '/api/messaging_settings' },
  'PUT /api/messaging_settings': {
    path: () => '/api/messaging_settings',
    body: () => ({ messaging_settings: { who_may_message: 'following', share_read_marks: false } }),
    // Either field may be left out (an empty change changes nothing), and the flag is a boolean.
    accepts: ['messaging_settings: object', 'messaging_settings.share_read_marks: boolean'],
  },
  'GET /api/notifications': { path: () => '/api/notifications', query: ['after', 'limit'] },
  'GET /api/notifications/unread_count': { path: () => '/api/notifications/unread_count' },
  'GET /api/me/counts': { path: () => '/api/me/counts' },
  'POST /api/notifications/:id/read': { path: () => `/api/notifications/${randomUUID()}/read` },
  'POST /api/notifications/read_all': { path: () => '/api/notifications/read_all' },
  'GET /api/notification_preferences': { path: () => '/api/notification_preferences' },
  'PUT /api/notification_preferences': {
    path: () => '/api/notification_preferences',
    body: () => ({ preferences: [{ kind: 'comment', delivery: 'daily' }] }),
  },
  'GET /api/unsubscribe': { path: () => '/api/unsubscribe?token=not-a-token' },
  'GET /api/push/public_key': { path: () => '/api/push/public_key' },
  'GET /api/push_subscriptions': { path: () => '/api/push_subscriptions' },
  'POST /api/push_subscriptions': {
    path: () => '/api/push_subscriptions',
    body: () => ({
      push_subscription: {
        endpoint: `https://push.example.com/send/${randomUUID()}`,
        keys: {
          p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'),
          auth: Buffer.alloc(16, 2).toString('base64url'),
        },
      },
    }),
  },
  'DELETE /api/push_subscriptions/:id': { path: () => `/api/push_subscriptions/${randomUUID()}` },
  'GET /api/push_settings': { path: () => '/api/push_settings' },
  'PUT /api/push_settings': {
    path: () => '/api/push_settings',
    body: () => ({
      quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Europe/Lisbon' },
      hide_contents: false,
    }),
    // No quiet hours at all; hide_contents is a boolean by design.
    accepts: ['quiet_hours: null', 'hide_contents: boolean'],
  },
  'POST /api/unsubscribe': { path: () => '/api/unsubscribe?token=not-a-token' },
  'GET /api/group_requests/pending_count': { path: () => '/api/group_requests/pending_count' },
  'GET /api/friends/following': { path: () => '/api/friends/following', query: ['after', 'limit'] },
  'GET /api/friends/followers': { path: () => '/api/friends/followers', query: ['after', 'limit'] },

  'GET /api/posts': { path: () => '/api/posts', query: ['after', 'limit', 'group_id'] },
  'POST /api/posts': {
    path: () => '/api/posts',
    body: (w) => ({
      post: {
        tldr: 'A post',
        content: 'Some text',
        group_id: w.groupId,
        poll: { options: ['Park', 'Library'], multiple: true, results: 'after_closing', anonymous: false },
      },
    }),
    // A null poll is no poll.
    accepts: ['post.poll: null'],
  },
  // Polls (ADR 058): the member votes in, reads and lists the voters of their own poll.
  'GET /api/posts/:id/poll': { path: (w) => `/api/posts/${w.pollPostId}/poll` },
  'PUT /api/posts/:id/poll/vote': {
    path: (w) => `/api/posts/${w.pollPostId}/poll/vote`,
    body: (w) => ({ vote: { option_ids: [w.pollOptionId] } }),
  },
  'DELETE /api/posts/:id/poll/vote': { path: (w) => `/api/posts/${w.pollPostId}/poll/vote` },
  'GET /api/posts/:id/poll/voters': { path: (w) => `/api/posts/${w.pollPostId}/poll/voters` },
  'GET /api/posts/:id': { path: (w) => `/api/posts/${w.postId}` },
  'DELETE /api/posts/:id': { path: (w) => `/api/posts/${w.postId}` },
  'GET /api/posts/:id/comments': { path: (w) => `/api/posts/${w.postId}/comments` },
  'POST /api/posts/:id/comments': {
    path: (w) => `/api/posts/${w.postId}/comments`,
    body: () => ({ comment: { content: 'A comment' } }),
  },
  'DELETE /api/comments/:id': { path: (w) => `/api/comments/${w.commentId}` },
  'POST /api/posts/:id/likes': { path: (w) => `/api/posts/${w.postId}/likes` },
  'DELETE /api/posts/:id/likes': { path: (w) => `/api/posts/${w.postId}/likes` },
  // Reactions (ADR 044): an emoji of the set, on the post and on the comment.
  'PUT /api/posts/:id/reactions/:emoji': { path: (w) => `/api/posts/${w.postId}/reactions/heart` },
  'DELETE /api/posts/:id/reactions/:emoji': { path: (w) => `/api/posts/${w.postId}/reactions/heart` },
  'GET /api/posts/:id/reactions': { path: (w) => `/api/posts/${w.postId}/reactions` },
  'PUT /api/comments/:id/reactions/:emoji': { path: (w) => `/api/comments/${w.commentId}/reactions/heart` },
  'DELETE /api/comments/:id/reactions/:emoji': {
    path: (w) => `/api/comments/${w.commentId}/reactions/heart`,
  },
  'GET /api/comments/:id/reactions': { path: (w) => `/api/comments/${w.commentId}/reactions` },
  'POST /api/posts/:id/report': {
    path: (w) => `/api/posts/${w.postId}/report`,
    body: () => ({ report: { reason: 'spam' } }),
    // The body may be left out (spec: Report has no form); unknown keys are ignored.
    accepts: ['null body', 'wrapper missing', 'fields unwrapped', 'report: object'],
  },
  'POST /api/posts/:id/ignore': { path: (w) => `/api/posts/${w.postId}/ignore` },
  'DELETE /api/posts/:id/ignore': { path: (w) => `/api/posts/${w.postId}/ignore` },
  'POST /api/comments/:id/report': {
    path: (w) => `/api/comments/${w.commentId}/report`,
    body: () => ({ report: { reason: 'rude' } }),
    accepts: ['null body', 'wrapper missing', 'fields unwrapped', 'report: object'],
  },
  'GET /api/ignored_posts': { path: () => '/api/ignored_posts', query: ['after', 'limit'] },
  'GET /api/reports/summary': { path: () => '/api/reports/summary' },
  'GET /api/blocks': { path: () => '/api/blocks', query: ['after', 'limit'] },
  'GET /api/blocks/:user_id': { path: (w) => `/api/blocks/${w.strangerId}` },
  'POST /api/blocks': { path: () => '/api/blocks', body: (w) => ({ user_id: w.strangerId }) },
  'DELETE /api/blocks/:user_id': { path: (w) => `/api/blocks/${w.strangerId}` },
  'POST /api/search': { path: () => '/api/search', body: () => ({ query: 'post' }) },
  'POST /api/search/all': { path: () => '/api/search/all', body: () => ({ query: 'post' }) },

  'GET /api/groups': { path: () => '/api/groups', query: ['q', 'sort'] },
  'POST /api/groups': { path: () => '/api/groups', body: () => ({ group: { name: uniqueName('Sweep') } }) },
  'GET /api/groups/:id': { path: (w) => `/api/groups/${w.groupId}` },
  'PATCH /api/groups/:id': {
    path: (w) => `/api/groups/${w.groupId}`,
    body: () => ({ group: { name: uniqueName('Renamed') } }),
  },
  'GET /api/groups/:id/group_roles': { path: (w) => `/api/groups/${w.groupId}/group_roles` },
  'PATCH /api/group_roles/:id': {
    path: (w) => `/api/group_roles/${w.roleId}`,
    body: () => ({ group_role: { role: 'Moderator' } }),
  },
  'DELETE /api/group_roles/:id': { path: (w) => `/api/group_roles/${w.roleId}` },
  'GET /api/groups/:id/group_requests': { path: (w) => `/api/groups/${w.groupId}/group_requests` },
  'GET /api/group_requests': { path: () => '/api/group_requests' },
  'POST /api/group_requests': {
    path: () => '/api/group_requests',
    body: (w) => ({ group_request: { group_id: w.otherGroupId } }),
  },
  'PATCH /api/group_requests/:id': {
    path: (w) => `/api/group_requests/${w.requestId}`,
    body: () => ({ group_request: { role: 'Poster', status: 'accepted' } }),
  },
  'POST /api/groups/:id/invitations': {
    path: (w) => `/api/groups/${w.groupId}/invitations`,
    body: (w) => ({ invitation: { user_id: w.strangerId, role: 'Poster' } }),
  },
  'GET /api/groups/:id/inviting': { path: (w) => `/api/groups/${w.groupId}/inviting` },
  'PUT /api/groups/:id/invite_link': {
    path: (w) => `/api/groups/${w.groupId}/invite_link`,
    body: () => ({ invite_link: { expires_in_days: 7, max_uses: 10 } }),
    // Every setting is optional and whole numbers within bounds are what it takes.
    accepts: ['invite_link: object', 'invite_link.expires_in_days: number', 'invite_link.max_uses: number'],
  },
  'DELETE /api/groups/:id/invite_link': { path: (w) => `/api/groups/${w.groupId}/invite_link` },
  'GET /api/group_invitations': { path: () => '/api/group_invitations' },
  // Pinned posts (ADR 043): the group's Owner pins its own post.
  'GET /api/groups/:id/pins': { path: (w) => `/api/groups/${w.groupId}/pins` },
  // Several files per post (ADR 048): the group's album, and describing a file of the member's post.
  'GET /api/groups/:id/photos': { path: (w) => `/api/groups/${w.groupId}/photos`, query: ['after', 'limit'] },
  'PATCH /api/posts/:id/files/:file_id': {
    path: (w) => `/api/posts/${w.postId}/files/${randomUUID()}`,
    body: () => ({ file: { alt: 'A red kite over the hill' } }),
  },
  'PUT /api/groups/:id/pins/:post_id': { path: (w) => `/api/groups/${w.groupId}/pins/${w.postId}` },
  'DELETE /api/groups/:id/pins/:post_id': { path: (w) => `/api/groups/${w.groupId}/pins/${w.postId}` },
  // Group notifications (ADR 045): the Owner sets their level and marks the group read.
  'PUT /api/groups/:id/notification_level': {
    path: (w) => `/api/groups/${w.groupId}/notification_level`,
    body: () => ({ notification_level: { level: 'nothing' } }),
  },
  'POST /api/groups/:id/read': { path: (w) => `/api/groups/${w.groupId}/read` },
  'PATCH /api/group_invitations/:id': {
    path: () => `/api/group_invitations/${randomUUID()}`,
    body: () => ({ group_invitation: { status: 'accepted' } }),
  },
  'GET /api/group_links/:code': { path: () => `/api/group_links/${'z'.repeat(27)}` },
  'POST /api/group_links/:code/join': { path: () => `/api/group_links/${'z'.repeat(27)}/join` },
  'GET /api/me/arrival': { path: () => '/api/me/arrival' },
  // Gatherings (ADR 057): the member organises an event in their group and answers it.
  'GET /api/group_events': { path: () => '/api/group_events' },
  'GET /api/groups/:id/events': { path: (w) => `/api/groups/${w.groupId}/events` },
  'POST /api/group_events': {
    path: () => '/api/group_events',
    body: (w) => ({
      group_event: {
        group_id: w.groupId,
        title: 'Picnic',
        starts_at: '2030-06-01T12:00',
        ends_at: '2030-06-01T15:00',
        time_zone: 'Europe/Berlin',
        capacity: 10,
      },
    }),
    // The sweep's stray number is a capacity like any other.
    accepts: ['group_event.capacity: number'],
  },
  'GET /api/group_events/:id': { path: (w) => `/api/group_events/${w.eventId}` },
  'PATCH /api/group_events/:id': {
    path: (w) => `/api/group_events/${w.eventId}`,
    body: () => ({ group_event: { title: 'Picnic in the park', capacity: 12 } }),
    // Every field is optional (an edit of unknown keys changes nothing), and a number is a capacity.
    accepts: ['group_event: object', 'group_event.capacity: number'],
  },
  'POST /api/group_events/:id/cancellation': { path: () => `/api/group_events/${randomUUID()}/cancellation` },
  'PUT /api/group_events/:id/rsvp': {
    path: (w) => `/api/group_events/${w.eventId}/rsvp`,
    body: () => ({ rsvp: { status: 'maybe' } }),
  },
  'GET /api/group_events/:id/calendar.ics': { path: (w) => `/api/group_events/${w.eventId}/calendar.ics` },
  'GET /api/group_events/:id/photos': { path: (w) => `/api/group_events/${w.eventId}/photos` },
  'PUT /api/group_events/:id/reminders': {
    path: (w) => `/api/group_events/${w.eventId}/reminders`,
    body: () => ({ reminders: { choice: 'hour_before' } }),
  },
  // Date polls (ADR 057): the member proposes dates in their group, marks them and schedules one.
  'GET /api/groups/:id/date_polls': { path: (w) => `/api/groups/${w.groupId}/date_polls` },
  'POST /api/date_polls': {
    path: () => '/api/date_polls',
    body: (w) => ({
      date_poll: {
        group_id: w.groupId,
        title: 'Picnic',
        time_zone: 'Europe/Berlin',
        capacity: 10,
        candidates: [
          { starts_at: '2030-06-01T12:00' },
          { starts_at: '2030-06-02T12:00', ends_at: '2030-06-02T15:00' },
        ],
      },
    }),
    // The sweep's stray number is a capacity like any other.
    accepts: ['date_poll.capacity: number'],
  },
  'GET /api/date_polls/:id': { path: (w) => `/api/date_polls/${w.datePollId}` },
  'PUT /api/date_polls/:id/answers': {
    path: (w) => `/api/date_polls/${w.datePollId}/answers`,
    body: (w) => ({ answers: [{ candidate_id: w.datePollCandidateId, answer: 'if_need_be' }] }),
  },
  'POST /api/date_polls/:id/schedule': {
    path: (w) => `/api/date_polls/${w.datePollId}/schedule`,
    body: (w) => ({ candidate_id: w.datePollCandidateId }),
  },
  'GET /api/event_reminders': { path: () => '/api/event_reminders' },
  'PUT /api/event_reminders': {
    path: () => '/api/event_reminders',
    body: () => ({ event_reminders: { choice: 'day_before' } }),
  },
  'GET /api/calendar_feed': { path: () => '/api/calendar_feed' },
  'POST /api/calendar_feed': { path: () => '/api/calendar_feed' },
  'DELETE /api/calendar_feed': { path: () => '/api/calendar_feed' },
  'GET /api/calendar_feeds/:token': { path: () => `/api/calendar_feeds/${'z'.repeat(43)}.ics` },

  'GET /api/profile': { path: () => '/api/profile' },
  'PATCH /api/profile': {
    path: () => '/api/profile',
    body: () => ({
      profile: {
        about: 'About me',
        location: 'Here',
        username: uniqueName('renamed'),
        first_name: 'A',
        last_name: 'B',
        time_zone: 'Europe/Paris',
      },
    }),
    // Every field is optional: a profile object of unknown keys changes nothing.
    accepts: ['profile: object'],
  },
  'GET /api/profiles/:id': { path: (w) => `/api/profiles/${w.otherUserId}` },
  'GET /api/profiles/:id/': { path: (w) => `/api/profiles/${w.otherUserId}/` },
  'GET /api/profiles/:id/posts': {
    path: (w) => `/api/profiles/${w.otherUserId}/posts`,
    query: ['after', 'limit'],
  },
  'POST /api/profiles/:id/follow': { path: (w) => `/api/profiles/${w.otherUserId}/follow` },
  'DELETE /api/profiles/:id/follow': { path: (w) => `/api/profiles/${w.otherUserId}/follow` },
  'GET /api/friends': { path: () => '/api/friends' },
  'POST /api/feedbacks': { path: () => '/api/feedbacks', body: () => ({ feedback: { content: 'Nice' } }) },

  'POST /api/file_requests': {
    path: () => '/api/file_requests',
    body: () => ({ name: 'notes.txt', file_type: 'post_attachment' }),
  },
  'GET /api/file_requests/:id': { path: (w) => `/api/file_requests/${w.fileRequestId}` },
  'PATCH /api/file_requests/:id': {
    path: (w) => `/api/file_requests/${w.fileRequestId}`,
    body: () => ({ status: 'uploaded' }),
  },
  'DELETE /api/profile/avatar': { path: () => '/api/profile/avatar' },
  'GET /api/files/:id': { path: (w) => `/api/files/${w.fileRequestId}`, query: ['variant'] },
  // Signed URLs: refused (403) before anything else is looked at; files.checks and storage tests cover the rest.
  'PUT /api/storage/:key': { path: () => `/api/storage/${randomUUID()}?expires=1&signature=bogus` },
  'GET /api/storage/:key': { path: () => `/api/storage/${randomUUID()}?expires=1&signature=bogus` },

  'POST /api/public_posts': {
    path: () => '/api/public_posts',
    body: (w) => ({ public_post: { post_id: w.postId, slug: uniqueSlug('sweep') } }),
  },
  'GET /api/public_posts': { path: () => '/api/public_posts', query: ['after', 'limit'] },
  'DELETE /api/public_posts/:id': { path: () => `/api/public_posts/${randomUUID()}` },
  // Public reads: a group or profile without published posts is a 404, like an unknown one.
  'GET /api/published_posts': {
    path: () => '/api/published_posts',
    query: ['after', 'limit', 'group_id', 'profile_id'],
  },
  'GET /api/published_posts/:id': { path: (w) => `/api/published_posts/${w.postId}` },
  'GET /api/explore/groups/:id': { path: (w) => `/api/explore/groups/${w.groupId}` },
  'GET /api/explore/profiles/:id': { path: (w) => `/api/explore/profiles/${w.otherUserId}` },

  'GET /api/admin/feedbacks': {
    path: () => '/api/admin/feedbacks',
    query: ['after', 'limit'],
    asAdmin: true,
  },
  'GET /api/admin/reports': {
    path: () => '/api/admin/reports',
    query: ['after', 'limit', 'status'],
    asAdmin: true,
  },
  'PATCH /api/admin/reports/:id': {
    path: (w) => `/api/admin/reports/${w.reportId}`,
    body: () => ({ report: { status: 'resolved' } }),
    asAdmin: true,
  },
  'POST /api/admin/reports/:id/removal': {
    path: (w) => `/api/admin/reports/${w.reportId}/removal`,
    body: () => ({ removal: { reason: 'Off topic.' } }),
    asAdmin: true,
  },
  'GET /api/admin/settings': { path: () => '/api/admin/settings', asAdmin: true },
  'PATCH /api/admin/settings': {
    path: () => '/api/admin/settings',
    body: () => ({ settings: { invite_waiting_days: 0 } }),
    asAdmin: true,
    // The sweep's sample number (42 days) is a valid waiting period.
    accepts: ['settings.invite_waiting_days: number'],
  },
  'GET /api/admin/members': { path: () => '/api/admin/members', query: ['username'], asAdmin: true },
  'PATCH /api/admin/members/:id': {
    path: (w) => `/api/admin/members/${w.otherUserId}`,
    body: () => ({ member: { can_invite: true } }),
    asAdmin: true,
    // The sweep's sample boolean is a valid switch.
    accepts: ['member.can_invite: boolean'],
  },
};

const cursor = (text: string) => Buffer.from(text).toString('base64url');
const HUGE = 'x'.repeat(100_000);

/** Query values per parameter; each is sent alone, the rest of the query left out. */
const QUERY_CASES = {
  after: [
    'garbage',
    '%00',
    'x'.repeat(1000),
    'a&after=b',
    cursor('garbage|garbage'),
    cursor(`2024-02-30T00:00:00Z|${randomUUID()}`),
    cursor(`0000-01-01T00:00:00Z|${randomUUID()}`),
    cursor(`2024-01-01T24:00:00.000000Z|${randomUUID()}`),
    cursor(`+275760-09-13T00:00:00Z|${randomUUID()}`),
    cursor(`2024-01-01T00:00:00Z|${'f'.repeat(8)}-${'f'.repeat(4)}-${'f'.repeat(4)}-${'f'.repeat(4)}-zzzz`),
  ],
  before: [
    'garbage',
    '%00',
    'x'.repeat(1000),
    cursor('garbage|garbage'),
    cursor(`2024-02-30T00:00:00Z|${randomUUID()}`),
  ],
  limit: ['-1', 'abc', '0', '51', '1.5', '', 'Infinity', '1&limit=2', '9'.repeat(400)],
  group_id: ['notauuid', '%00', 'x'.repeat(500), randomUUID()],
  profile_id: ['notauuid', '%00', 'x'.repeat(500), randomUUID()],
  sort: ['bogus', '', '%00', 'name&sort=date'],
  status: ['bogus', '%00', 'open&status=resolved'],
  q: ['%00', 'x'.repeat(1000), 'a&q=b'],
  confirmation_token: ['%00', '%ED%A0%80', 'x'.repeat(1000), '', 'a&confirmation_token=b'],
  variant: ['bogus', '%00', '', 'original&variant=thumbnail', 'x'.repeat(1000)],
  username: ['%00', '%ED%A0%80', 'x'.repeat(1000), '', 'a&username=b'],
};

/** Path ids: not UUIDs, and a UUID nobody has (404). */
const BAD_IDS = ['1', '..%2Fetc', '%00', 'x'.repeat(500), '%E0%A4%A', '%ED%A0%80', "1' or '1'='1"];

/**
 * Raw bodies refused before any handler runs. Fastify reads text/plain too, so a text body is
 * refused by the schema of routes that take a body and ignored by those that take none.
 */
const TRANSPORT_CASES: {
  name: string;
  body: string;
  type: string;
  /** The status every JSON route must answer (not the signed storage upload, which takes any type). */
  expected?: number;
}[] = [
  { name: 'malformed JSON', body: '{"post":', type: 'application/json' },
  { name: 'invalid JSON literal', body: 'nul', type: 'application/json' },
  { name: 'JSON with a NUL byte outside strings', body: '{"a":1}\u0000', type: 'application/json' },
  { name: 'prototype poisoning', body: '{"__proto__":{"is_admin":true}}', type: 'application/json' },
  {
    name: 'constructor poisoning',
    body: '{"constructor":{"prototype":{"is_admin":true}}}',
    type: 'application/json',
  },
  { name: 'text body', body: 'hello', type: 'text/plain', expected: 415 },
  { name: 'JSON sent as text', body: '{"post":{}}', type: 'text/plain;charset=UTF-8', expected: 415 },
  { name: 'form body', body: 'post[tldr]=x', type: 'application/x-www-form-urlencoded', expected: 415 },
  { name: 'JSON over 1 MB', body: JSON.stringify({ x: 'y'.repeat(1_100_000) }), type: 'application/json' },
];

/** Values a string field may not take. Null is left out: optional fields accept it. */
const BAD_FIELD_VALUES: [string, unknown][] = [
  ['number', 42],
  ['boolean', true],
  ['object', { a: 'b' }],
  ['array', ['x']],
  ['100 kB string', HUGE],
  ['NUL byte', 'a\u0000b'],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udfffb'],
];

/** Whole-body shapes that are not the route's wrapped object, plus mutations of every field. */
function shapeCases(valid: Body): [string, unknown][] {
  const cases: [string, unknown][] = [
    ['array body', []],
    ['array of the body', [valid]],
    ['string body', 'text'],
    ['number body', 42],
    ['null body', null],
    ['boolean body', true],
    ['wrapper missing', {}],
  ];
  for (const [key, value] of Object.entries(valid)) {
    const isWrapper = value !== null && typeof value === 'object' && !Array.isArray(value);
    for (const [name, bad] of [['string', 'x'], ...BAD_FIELD_VALUES, ['null', null]] as [string, unknown][]) {
      if (name === 'string' && !isWrapper) continue;
      cases.push([`${key}: ${name}`, { ...valid, [key]: bad }]);
    }
    if (!isWrapper) continue;
    cases.push(['fields unwrapped', value]);
    for (const field of Object.keys(value as Body)) {
      for (const [name, bad] of BAD_FIELD_VALUES) {
        cases.push([`${key}.${field}: ${name}`, { ...valid, [key]: { ...(value as Body), [field]: bad } }]);
      }
    }
  }
  return cases;
}

function isErrorBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  const { error, errors } = body as { error?: unknown; errors?: unknown };
  if (typeof error === 'string' && error.length > 0) return true;
  if (errors === null || typeof errors !== 'object' || Object.keys(errors).length === 0) return false;
  return Object.values(errors).every(
    (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
  );
}

function sendRaw(client: TestClient, method: string, path: string, body?: string, type = 'application/json') {
  return client.request<any>(
    method,
    path,
    body,
    body === undefined ? {} : { headers: { 'content-type': type } },
  );
}

describe('bad input never yields a 500', () => {
  let app: TestApp;
  let routes: string[];
  let world: World;
  let count = 0;

  beforeAll(async () => {
    app = await createTestApp();
    routes = await listApiRoutes(app);
    const { member, client } = await memberWithClient(app);
    const other = await memberWithClient(app);
    const requester = await memberWithClient(app);
    const group = await createGroupAs(client);
    const otherGroup = await createGroupAs(other.client);
    await addToGroup(app, group.id, other.member.id, 'Poster');
    const post = await createPostAs(client, { group_id: group.id });
    const openPost = await createPostAs(other.client);
    const comment = await other.client.post(`/api/posts/${post.id}/comments`, { comment: { content: 'Hi' } });
    const request = await requester.client.post('/api/group_requests', {
      group_request: { group_id: group.id },
    });
    const roles = await client.get(`/api/groups/${group.id}/group_roles`);
    const report = await requester.client.post(`/api/posts/${openPost.id}/report`);
    const admin = await memberWithClient(app, { isAdmin: true });
    // Loopback: the reader refuses it at once, so the sweep never reaches the network.
    const link = await client.post('/api/links', { url: 'http://127.0.0.1:9/world', visibility: 'private' });
    const linkComment = await client.post(`/api/links/${link.body.id}/comments`, { content: 'Mine' });
    const pollPost = await client.post('/api/posts', {
      post: { tldr: 'Which day?', group_id: group.id, poll: { options: ['Saturday', 'Sunday'] } },
    });
    const datePoll = await client.post('/api/date_polls', {
      date_poll: {
        group_id: group.id,
        title: 'Sweep',
        candidates: [{ starts_at: '2030-06-01T12:00' }, { starts_at: '2030-06-02T12:00' }],
      },
    });
    world = {
      member,
      client,
      admin: admin.client,
      groupId: group.id,
      otherGroupId: otherGroup.id,
      postId: post.id,
      commentId: comment.body.id,
      roleId: roles.body.find((r: { user_id: string }) => r.user_id === other.member.id).id,
      requestId: request.body.id,
      otherUserId: other.member.id,
      reportId: report.body.id,
      strangerId: (await memberWithClient(app)).member.id,
      invitationCode: (await createInvitation(app)).code,
      fileRequestId: (
        await client.post('/api/file_requests', { name: 'a.txt', file_type: 'post_attachment' })
      ).body.id,
      linkId: link.body.id,
      linkCommentId: linkComment.body.id,
      eventId: (
        await client.post('/api/group_events', {
          group_event: { group_id: group.id, title: 'Sweep', starts_at: '2030-06-01T12:00' },
        })
      ).body.id,
      datePollId: datePoll.body.id,
      datePollCandidateId: datePoll.body.candidates[0].id,
      pollPostId: pollPost.body.id,
      pollOptionId: pollPost.body.poll.options[0].id,
      conversationId: '',
      messageId: '',
    };
    const conversation = await client.post('/api/conversations', {
      conversation: { user_ids: [other.member.id] },
    });
    world.conversationId = conversation.body.id;
    world.messageId = (
      await client.post(`/api/conversations/${conversation.body.id}/messages`, { message: { content: 'Hi' } })
    ).body.id;
  });
  afterAll(async () => {
    console.info(`bad-input sweep: ${routes.length} routes, ${count} requests`);
    await app.close();
  });

  /** The route's client: a throwaway session for sign-out, so the sweep stays signed in. */
  async function clientFor(route: string): Promise<TestClient> {
    if (route === 'DELETE /api/users/sign_out' || route.startsWith('DELETE /api/account/sessions'))
      return (await memberWithClient(app)).client;
    return TARGETS[route]?.asAdmin ? world.admin : world.client;
  }

  function judge(failures: string[], route: string, name: string, res: TestResponse, expected?: number) {
    count++;
    if (TARGETS[route]?.accepts?.includes(name) && res.status < 300) return;
    const statusOk = expected ? res.status === expected : res.status >= 400 && res.status < 500;
    if (!statusOk || !isErrorBody(res.body)) {
      failures.push(`${route} [${name}] → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
  }

  it('has a target for every /api route', () => {
    expect(routes.filter((route) => !(route in TARGETS))).toEqual([]);
    expect(Object.keys(TARGETS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('refuses malformed, poisoned, oversized and non-JSON bodies on every write route', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const [method] = route.split(' ') as [string];
      if (method === 'GET') continue;
      const client = await clientFor(route);
      for (const { name, body, type, expected } of TRANSPORT_CASES) {
        const res = await sendRaw(client, method, TARGETS[route]!.path(world), body, type);
        // Storage takes any bytes; the one-click unsubscribe takes the form body mail programs send
        // (RFC 8058) and answers for its token, not for the body's type.
        const anyBody = route === 'PUT /api/storage/:key' || route === 'POST /api/unsubscribe';
        judge(failures, route, name, res, anyBody ? undefined : expected);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses bodies of the wrong shape and fields of the wrong type or content', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const target = TARGETS[route];
      if (!target?.body) continue;
      const method = route.split(' ')[0]!;
      const client = await clientFor(route);
      for (const [name, body] of shapeCases(target.body(world))) {
        judge(failures, route, name, await sendRaw(client, method, target.path(world), JSON.stringify(body)));
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses path ids that are not UUIDs, and answers 404 for UUIDs that do not exist', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (!route.includes(':id')) continue;
      const [method, pattern] = route.split(' ') as [string, string];
      const target = TARGETS[route]!;
      const client = await clientFor(route);
      const body = target.body ? JSON.stringify(target.body(world)) : undefined;
      // Any second id in the path (a link's comment) is one that does not exist either; a reaction's
      // emoji stays one of the set (another is its own 422), so the id decides.
      const rest = (path: string) =>
        path.replace(':emoji', 'heart').replace(/:[a-zA-Z_]+/g, () => randomUUID());
      for (const id of [...BAD_IDS, '../etc']) {
        const res = await sendRaw(client, method, rest(pattern.replace(':id', id)), body);
        judge(failures, route, `id ${id.slice(0, 20)}`, res);
      }
      const missing = await sendRaw(client, method, rest(pattern.replace(':id', randomUUID())), body);
      judge(failures, route, 'id that does not exist', missing, 404);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses query parameters of the wrong type or content', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const target = TARGETS[route]!;
      for (const param of target.query ?? []) {
        for (const value of QUERY_CASES[param]) {
          const path = target.path(world);
          const joiner = path.includes('?') ? '&' : '?';
          const res = await sendRaw(await clientFor(route), 'GET', `${path}${joiner}${param}=${value}`);
          judge(failures, route, `?${param}=${value.slice(0, 40)}`, res);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
