import { useRef, useState } from 'react';
import type { ReactionSummary } from '@shared/api/reactions';
import { REACTION_EMOJI, REACTION_LABELS, type ReactionEmoji } from '@shared/domain/reactions';
import { reportActionFailure } from '@web/lib/action-errors';
import { setReaction, type ReactionSubject } from './api';

export const REACTION_FAILURES = {
  add: (emoji: ReactionEmoji) => `Couldn't add your ${REACTION_LABELS[emoji]} reaction.`,
  remove: (emoji: ReactionEmoji) => `Couldn't remove your ${REACTION_LABELS[emoji]} reaction.`,
} as const;

/** The reactions after the viewer gives (`on`) or takes back one emoji: what the chips show at once. */
export function toggledReaction(
  reactions: readonly ReactionSummary[],
  emoji: ReactionEmoji,
  on: boolean,
): ReactionSummary[] {
  const current = reactions.find((reaction) => reaction.emoji === emoji);
  if ((current?.reacted ?? false) === on) return [...reactions];
  const count = Math.max(0, (current?.count ?? 0) + (on ? 1 : -1));
  const others = reactions.filter((reaction) => reaction.emoji !== emoji);
  const next = count > 0 ? [...others, { emoji, count, reacted: on }] : others;
  return next.sort((a, b) => REACTION_EMOJI.indexOf(a.emoji) - REACTION_EMOJI.indexOf(b.emoji));
}

/**
 * A post's or comment's reactions as the viewer's clicks change them: each toggle shows at once,
 * then the server's answer (every count as it now is) replaces it and `onSettled` hands it on (the
 * caches of the lists and pages that hold the subject); a failure puts the chips back and says so.
 * A toggle while another is in flight is ignored, as the like's is.
 */
export function useReactions(
  subject: ReactionSubject,
  reactions: readonly ReactionSummary[],
  onSettled?: (reactions: ReactionSummary[]) => void,
) {
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [override, setOverride] = useState<ReactionSummary[] | null>(null);
  // The props win again once they change (a refetch, another card's click reaching the cache).
  const propsKey = JSON.stringify(reactions);
  const [seenKey, setSeenKey] = useState(propsKey);
  if (seenKey !== propsKey) {
    setSeenKey(propsKey);
    if (!pending) setOverride(null);
  }
  const shown = override ?? [...reactions];

  async function toggle(emoji: ReactionEmoji, on?: boolean) {
    if (inFlight.current) return;
    const give = on ?? !shown.some((reaction) => reaction.emoji === emoji && reaction.reacted);
    inFlight.current = true;
    setPending(true);
    const before = shown;
    setOverride(toggledReaction(before, emoji, give));
    try {
      const result = await setReaction(subject, emoji, give);
      setOverride(result.reactions);
      onSettled?.(result.reactions);
    } catch (error) {
      setOverride(before);
      reportActionFailure(give ? REACTION_FAILURES.add(emoji) : REACTION_FAILURES.remove(emoji), error);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return { reactions: shown, pending, toggle };
}
