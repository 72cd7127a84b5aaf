/** Pinned posts in a group (ADR 043): how many a group may pin, and what a member is told. */
export const PIN_LIMIT = 3;

export const PIN_MESSAGES = {
  limitReached: `A group can pin at most ${PIN_LIMIT} posts. Unpin one first.`,
} as const;
