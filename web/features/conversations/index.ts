/**
 * What the frame and other features use of private conversations (ADR 060): the navigation's
 * entries with their badge. The screens themselves load with their routes (./routes.tsx).
 */
export { MessagesIconLink, MessagesNavLink } from './components/messages-nav-link';
export { MESSAGES_PATH, conversationPath } from './paths';
