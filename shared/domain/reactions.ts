/**
 * Reactions on posts and comments (ADR 044): a small fixed set of emoji, beside the like. The keys
 * are stable ASCII names (the API, the database and the URL use them); the glyph and the label are
 * presentation. The order here is the order every answer lists them in.
 */
export const REACTION_EMOJI = ['thumbs_up', 'heart', 'laugh', 'wow', 'sad', 'celebrate'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];

export const REACTION_GLYPHS: Record<ReactionEmoji, string> = {
  thumbs_up: '👍',
  heart: '❤️',
  laugh: '😂',
  wow: '😮',
  sad: '😢',
  celebrate: '🎉',
};

/** What a screen reader says for each emoji. */
export const REACTION_LABELS: Record<ReactionEmoji, string> = {
  thumbs_up: 'Thumbs up',
  heart: 'Heart',
  laugh: 'Laugh',
  wow: 'Wow',
  sad: 'Sad',
  celebrate: 'Celebrate',
};

/** Who reacted: the most recent members shown per emoji (the count says how many in all). */
export const REACTORS_SHOWN = 50;

export const REACTION_MESSAGES = {
  unknownEmoji: `is not a reaction: use one of ${REACTION_EMOJI.join(', ')}`,
} as const;

export function isReactionEmoji(value: string): value is ReactionEmoji {
  return (REACTION_EMOJI as readonly string[]).includes(value);
}
