/** Addresses of the conversation screens (ADR 060). */
export const MESSAGES_PATH = '/messages';
export const REQUESTS_PATH = '/messages?tab=requests';
export const conversationPath = (id: string) => `/messages/${encodeURIComponent(id)}`;
