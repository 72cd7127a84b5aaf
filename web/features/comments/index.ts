/** The one conversation (comments, replies, edits, mentions) under posts and links. */
export { Conversation } from './conversation';
export type { BaseComment, ConversationAdapter, Thread } from './adapter';
export {
  addCachedComment,
  isCached,
  noteLiveComment,
  removeCachedComment,
  replaceCachedComment,
  wasRemoved,
} from './comments-cache';
export { EditedMark } from './edited-mark';
export { MentionTextarea } from './mention-textarea';
