import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groups, links, users } from '../../db/schema';
import { visibleLinksCondition } from '../../policies/visibility';
import { MATCH_END, MATCH_START } from './highlight';
import { literalLimit } from '../../db/literal-limit';

/** The query's words as an OR-ed tsquery (plainto_tsquery ANDs them; each lexeme is kept). */
function anyWordQuery(query: string): SQL {
  return sql`replace(plainto_tsquery('english', ${query})::text, '&', '|')::tsquery`;
}

const TITLE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, HighlightAll=true`;
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * The links with these ids the viewer may see (the rule is applied again here), in the order
 * given, with the title and a snippet marked where the query matched.
 */
export async function listLinkHits(db: DbOrTx, viewerId: string, ids: string[], query: string) {
  if (ids.length === 0) return [];
  const tsquery = anyWordQuery(query);
  const body = sql`coalesce(${links.sentenceSummary}, '') || ' ' || coalesce(${links.paragraphSummary}, '') || ' ' || left(coalesce(${links.markdownContent}, ''), 5000)`;
  const rows = await db
    .select({
      id: links.id,
      url: links.url,
      domain: links.domain,
      title: sql<string>`ts_headline('english', coalesce(${links.title}, ${links.url}), ${tsquery}, ${TITLE_OPTIONS})`,
      snippet: sql<string>`ts_headline('english', ${body}, ${tsquery}, ${HEADLINE_OPTIONS})`,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: links.createdAt,
    })
    .from(links)
    .innerJoin(users, eq(users.id, links.userId))
    .where(and(inArray(links.id, ids), visibleLinksCondition(viewerId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type LinkHitRow = Awaited<ReturnType<typeof listLinkHits>>[number];

/** `column` has a word starting with `word` (LIKE wildcards in the word escaped). */
function hasWordStarting(column: SQL | typeof users.username, word: string): SQL {
  const escaped = word.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`(${column} ilike ${`${escaped}%`} or ${column} ilike ${`% ${escaped}%`})`;
}

/** Confirmed members whose username or name has a word starting with one of `words`. */
export async function searchPeople(db: DbOrTx, words: string[], limit: number) {
  if (words.length === 0) return [];
  const matches = words.map((word) =>
    or(
      hasWordStarting(users.username, word),
      hasWordStarting(sql`coalesce(${users.firstName}, '')`, word),
      hasWordStarting(sql`coalesce(${users.lastName}, '')`, word),
    )!,
  );
  const score = sql.join(
    matches.map((match) => sql`(${match})::int`),
    sql` + `,
  );
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
    })
    .from(users)
    .where(and(isNotNull(users.confirmedAt), or(...matches)))
    .orderBy(sql`${score} desc`, sql`lower(${users.username})`)
    .limit(literalLimit(limit));
}

/** Groups (every member sees every group's name) with a word starting with one of `words`. */
export async function searchGroups(db: DbOrTx, viewerId: string, words: string[], limit: number) {
  if (words.length === 0) return [];
  const matches = words.map((word) => hasWordStarting(sql`${groups.name}`, word));
  const score = sql.join(
    matches.map((match) => sql`(${match})::int`),
    sql` + `,
  );
  return db
    .select({
      id: groups.id,
      name: groups.name,
      isMember:
        sql<boolean>`exists (select 1 from group_roles gr where gr.group_id = ${groups.id} and gr.user_id = ${viewerId})`.mapWith(
          Boolean,
        ),
    })
    .from(groups)
    .where(or(...matches))
    .orderBy(sql`${score} desc`, sql`lower(${groups.name})`)
    .limit(literalLimit(limit));
}
