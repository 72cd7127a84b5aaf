import type { MentionRef } from '../../../shared/api/mentions';
import { extractMentions } from '../../../shared/domain/mentions';
import type { DbOrTx } from '../../db/client';
import { findMembersByUsernames, memberIdsByUsernames } from './mentions.repo';

/** Lower-cased username → the member it names, for the texts of one answer. */
export type MentionDirectory = Map<string, MentionRef>;

/**
 * The members the texts mention, in one query whatever the number of texts. Members blocked either
 * way with the viewer are not resolved: their @name stays text for this viewer.
 */
export async function resolveMentions(
  db: DbOrTx,
  viewerId: string,
  texts: string[],
): Promise<MentionDirectory> {
  const names = new Set<string>();
  for (const text of texts) for (const name of extractMentions(text)) names.add(name);
  const rows = await findMembersByUsernames(db, [...names], viewerId);
  return new Map(
    rows.map((row) => [row.username.toLowerCase(), { username: row.username, profile_id: row.userId }]),
  );
}

/** The mentions of one text that name a member, in order of first mention. */
export function mentionsIn(text: string, directory: MentionDirectory): MentionRef[] {
  return extractMentions(text).flatMap((name) => directory.get(name) ?? []);
}

/**
 * The members a text newly mentions: in `content` and not already in `previous` (an edit tells only
 * those it adds). Unknown names are ignored; who may be told is `notify`'s to decide.
 */
export async function newlyMentionedMembers(
  db: DbOrTx,
  content: string,
  previous: string = '',
): Promise<string[]> {
  const before = new Set(extractMentions(previous));
  const added = extractMentions(content).filter((name) => !before.has(name));
  return memberIdsByUsernames(db, added);
}
