import type { ReactionEmoji } from '@shared/domain/reactions';

/**
 * The message id of what a screen reader says for each emoji, in the member's language (the shared
 * REACTION_LABELS are its English words).
 */
export const REACTION_LABEL_IDS: Record<ReactionEmoji, string> = {
  thumbs_up: 'reactions.emoji.thumbsUp',
  heart: 'reactions.emoji.heart',
  laugh: 'reactions.emoji.laugh',
  wow: 'reactions.emoji.wow',
  sad: 'reactions.emoji.sad',
  celebrate: 'reactions.emoji.celebrate',
};
