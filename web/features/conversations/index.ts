/**
 * What the frame and other features use of private conversations (ADR 060): the navigation's
 * entries with their badge, the profile's Message button, the settings card. The screens themselves
 * load with their routes (./routes.tsx).
 */
export { MessagesIconLink, MessagesNavLink } from './components/messages-nav-link';
export { MessageMemberButton } from './components/message-member-button';
export { MESSAGES_PATH, conversationPath } from './paths';
