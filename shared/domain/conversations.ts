/**
 * Private conversations (issue 31, ADR 060): the limits and words shared by the server and the web
 * app, so both refuse the same things in the same words.
 */

export const CONVERSATION_KINDS = ['direct', 'circle'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** The viewer's own state in a conversation. */
export const PARTICIPANT_STATUSES = ['active', 'request', 'left'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** Who may start a conversation with a member (their choice in Settings → Messages). */
export const WHO_MAY_MESSAGE = ['everyone_connected', 'following'] as const;
export type WhoMayMessage = (typeof WHO_MAY_MESSAGE)[number];

export const CONVERSATION_LIMITS = {
  /** Participants of one conversation, the creator included. */
  participants: 20,
  name: 100,
  /** Characters of a message kept as its preview (lists, replies). */
  preview: 120,
  /** Files one message carries. */
  files: 10,
  searchQuery: 200,
} as const;

export const CONVERSATION_MESSAGES = {
  cannotMessage: 'You cannot message this member.',
  directIsForTwo: 'start a new conversation to include more people',
  tooManyParticipants: `can hold at most ${CONVERSATION_LIMITS.participants} people`,
  /** What a deleted message's preview reads. */
  deletedPreview: 'Message deleted',
} as const;
