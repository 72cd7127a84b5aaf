/** Addresses of the conversation screens (ADR 060). */
export const MESSAGES_PATH = '/messages';
export const REQUESTS_PATH = '/messages?tab=requests';
export const conversationPath = (id: string) => `/messages/${encodeURIComponent(id)}`;
/** A conversation opened at one of its messages (a search result): scrolled to it, highlighted. */
export const messageInConversationPath = (conversationId: string, messageId: string) =>
  `${conversationPath(conversationId)}?message=${encodeURIComponent(messageId)}`;
