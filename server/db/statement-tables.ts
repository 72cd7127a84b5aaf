import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/**
 * Which of Hearth's tables a statement reads and which it may change (ADR 042), read from its
 * text: what the kept reads depend on, and what a write takes away from them. Both err on the
 * side of more: a read that names a table depends on it, and a write whose targets are not clear
 * changes `EVERY_TABLE`.
 */

/** What a write changes when its targets cannot be told: every kept answer depends on it. */
export const EVERY_TABLE = '*';

/**
 * The post counters (`posts.likes_count`, `posts.comments_count`) as a table of their own: the
 * triggers of migration 0015 change them on every like and comment, and nothing else of a post.
 * A read that selects them depends on this; one that reads the rest of a post does not, so a like
 * leaves a timeline page's posts (but not their counts) kept.
 */
export const POST_COUNTERS = 'posts#counts';

const COUNTER_COLUMNS = /\b(?:likes_count|comments_count)\b/;

/**
 * What the database's own triggers write when a table is written (migration 0015's counters).
 * `statement-tables.api.test.ts` compares it with the triggers the database holds, so a trigger
 * added without a line here fails there.
 */
export const TRIGGER_WRITES: Readonly<Record<string, readonly string[]>> = {
  post_likes: [POST_COUNTERS],
  comments: [POST_COUNTERS],
};

const TABLES: ReadonlyMap<string, PgTable> = new Map(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableConfig(table).name, table]),
);

/** Hearth's tables, by their names in the database. */
export const HEARTH_TABLES: ReadonlySet<string> = new Set(TABLES.keys());

/** For each table, the tables one statement on it may change besides itself, by kind of statement. */
interface Carried {
  /** A delete: its foreign keys' ON DELETE actions (cascade, set null, set default) reach these. */
  delete: Set<string>;
  /** An update: its foreign keys' ON UPDATE actions reach these. */
  update: Set<string>;
  /** Any write: the triggers' writes (and, for posts, their counters). */
  any: Set<string>;
}

function carriedBy(): Map<string, Carried> {
  const carried = new Map<string, Carried>();
  const of = (name: string) => {
    let entry = carried.get(name);
    if (!entry) carried.set(name, (entry = { delete: new Set(), update: new Set(), any: new Set() }));
    return entry;
  };
  const acts = (action: string | undefined) => action !== undefined && !/^(no action|restrict)$/.test(action);
  for (const [child, table] of TABLES) {
    for (const key of getTableConfig(table).foreignKeys) {
      const parent = of(getTableConfig(key.reference().foreignTable).name);
      if (acts(key.onDelete)) parent.delete.add(child);
      if (acts(key.onUpdate)) parent.update.add(child);
    }
  }
  for (const [table, targets] of Object.entries(TRIGGER_WRITES)) {
    for (const target of targets) of(table).any.add(target);
  }
  of('posts').any.add(POST_COUNTERS);
  return carried;
}

const CARRIED = carriedBy();

type WriteKind = 'insert' | 'update' | 'delete';

/**
 * A write of `kind` to `table` and everything it carries with it, transitively: the rows its
 * foreign keys' actions reach (a delete's cascades; a child set null counts as changed like one
 * deleted) and the triggers' writes. A table that is not Hearth's is `EVERY_TABLE`.
 */
export function closureOf(table: string, kind: WriteKind = 'delete'): readonly string[] {
  if (!HEARTH_TABLES.has(table)) return [EVERY_TABLE];
  const key = `${kind} ${table}`;
  let closure = CLOSURES.get(key);
  if (!closure) CLOSURES.set(key, (closure = reachedFrom(table, kind)));
  return closure;
}

/** Each write's closure, found once per table and kind (every write asks). */
const CLOSURES = new Map<string, readonly string[]>();

function reachedFrom(table: string, kind: WriteKind): readonly string[] {
  const reached = new Set<string>([table]);
  const queue: Array<[string, WriteKind]> = [[table, kind]];
  while (queue.length > 0) {
    const [name, how] = queue.pop()!;
    const carried = CARRIED.get(name);
    if (!carried) continue;
    const next: Array<[string, WriteKind]> = [...carried.any].map((child) => [child, 'update']);
    if (how === 'delete') for (const child of carried.delete) next.push([child, 'delete']);
    if (how !== 'insert') for (const child of carried.update) next.push([child, 'delete']);
    for (const [child, childKind] of next) {
      if (reached.has(child)) continue;
      reached.add(child);
      queue.push([child, childKind]);
    }
  }
  return [...reached];
}

const IDENTIFIER = String.raw`(?:"(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)`;
/** `insert into x`, `update [only] x`, `delete from [only] x`, `merge into x`, qualified or not. */
const TARGET = new RegExp(
  String.raw`\b(insert\s+into|(?<!\b(?:for|no\s+key|do)\s+)update(?:\s+only)?|delete\s+from(?:\s+only)?|merge\s+into)\s+(${IDENTIFIER}(?:\s*\.\s*${IDENTIFIER})?)`,
  'gi',
);
/**
 * Statements that change no table's rows: session settings, notifications, prepared statements,
 * an index made (search makes its vector index on first use), the planner's statistics gathered,
 * and the dead rows of a table reclaimed (the embedded engine's upkeep, ADR 066).
 */
const NO_DATA =
  /^\s*(?:set|reset|show|listen|unlisten|notify|deallocate|discard|savepoint|release|analyze|vacuum|create\s+(?:unique\s+)?index)\b/i;
const DATA_STATEMENT = /^\s*\(*\s*(?:with|insert|update|delete|merge)\b/i;
/** Words the target pattern may meet where no table is named (`update set` of ON CONFLICT, `for update of`). */
const NOT_A_TABLE = new Set(['set', 'of', 'skip', 'nowait']);

function unquote(name: string): string {
  return name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name.toLowerCase();
}

/**
 * The tables whose writes can be told apart by post: a like, a comment, a reaction (on the post or
 * on one of its comments, ADR 044), a pin (ADR 056) and a poll's rows and votes (ADR 058) change
 * only their own post's rows (and, through the counter triggers, its counters). An answer about some posts only (their counts,
 * reactions and pins, one post's comments) depends on those posts' rows of these tables (`rowsOf`,
 * read inside `readingPosts`), so a like, a reaction or a pin of another post keeps it.
 */
export const BY_POST: ReadonlySet<string> = new Set([
  'post_likes',
  'comments',
  'post_reactions',
  'comment_reactions',
  'group_pins',
  'post_polls',
  'post_poll_options',
  'post_poll_voters',
  'post_poll_votes',
  POST_COUNTERS,
]);

/** One post's rows of a `BY_POST` table, as a dependency and as what a write changes. */
export function rowsOf(table: string, postId: string): string {
  return `${table}@${postId}`;
}

/** What a write to a `BY_POST` table changes when its post cannot be told: every post's rows. */
export function everyRowOf(table: string): string {
  return `${table}@*`;
}

/**
 * `insert into "post_likes"|"comments"|a reactions table|"group_pins" (…) values (…)`: one row, its
 * columns and values.
 */
const INSERT_ONE =
  /^\s*insert\s+into\s+"?(post_likes|comments|post_reactions|comment_reactions|group_pins)"?\s*\(([^()]*)\)\s*values\s*\(([^()]*)\)\s*(?:on\s+conflict\s+do\s+nothing\s*)?(?:returning\b[^;]*)?$/i;
/**
 * `insert into a poll table (…) values (…), (…)`: a poll's options or a member's choices, one row
 * or several (the rows' values are told apart by `rowsOfValues`).
 */
const INSERT_POLL_ROWS =
  /^\s*insert\s+into\s+"?(post_polls|post_poll_options|post_poll_voters|post_poll_votes)"?\s*\(([^()]*)\)\s*values\s*(\([^()]*\)(?:\s*,\s*\([^()]*\))*)\s*(?:on\s+conflict\s+do\s+nothing\s*)?(?:returning\b[^;]*)?$/i;
/**
 * `delete from "post_likes"|a reactions table|"group_pins"|a poll's votes or voters where (post_id =
 * $n and …)`, with no OR: every row it deletes is that post's.
 */
const DELETE_OF_POST =
  /^\s*delete\s+from\s+"?(post_likes|post_reactions|comment_reactions|group_pins|post_poll_votes|post_poll_voters)"?\s+where\s+\(?\s*(?:"?\1"?\.)?"?post_id"?\s*=\s*\$(\d+)(?:\s+and\s+[^()]*?)?\s*\)?\s*(?:returning\b[^;]*)?$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The position of the parameter a one-row insert (`INSERT_ONE`'s match) gives `column`, or null. */
function insertedParameter(insert: RegExpExecArray, column: string): number | null {
  const columns = insert[2]!.split(',').map((name) => unquote(name.trim()));
  const values = insert[3]!.split(',').map((value) => value.trim());
  const value = values[columns.indexOf(column)];
  const placeholder = value === undefined ? null : /^\$(\d+)$/.exec(value);
  return columns.length === values.length && placeholder ? Number(placeholder[1]) : null;
}

/**
 * The post of every row of a poll table's insert (`INSERT_POLL_ROWS`'s match): each row's `post_id`
 * value, and the post when they all name the same one; else null.
 */
function postOfPollRows(insert: RegExpExecArray, params: readonly unknown[]): unknown {
  const columns = insert[2]!.split(',').map((name) => unquote(name.trim()));
  const column = columns.indexOf('post_id');
  const rows = insert[3]!.split(/\)\s*,\s*\(/).map((row) => row.replace(/^\(|\)$/g, '').split(','));
  const values = rows.map((row) => {
    const placeholder = row.length === columns.length ? /^\$(\d+)$/.exec(row[column]?.trim() ?? '') : null;
    return placeholder ? params[Number(placeholder[1]) - 1] : undefined;
  });
  return column >= 0 && values.every((value) => value === values[0]) ? values[0] : null;
}

/**
 * The post whose rows a like's, a comment's, a reaction's, a pin's or a poll's write changes, read
 * from its text and values; or null.
 */
export function postOfWrite(sql: string, params: readonly unknown[] | undefined): string | null {
  if (!params) return null;
  const pollRows = INSERT_POLL_ROWS.exec(sql);
  if (pollRows) {
    const postId = postOfPollRows(pollRows, params);
    return typeof postId === 'string' && UUID.test(postId) ? postId.toLowerCase() : null;
  }
  let position: number | null = null;
  const insert = INSERT_ONE.exec(sql);
  if (insert) {
    position = insertedParameter(insert, 'post_id');
  } else {
    const deleted = DELETE_OF_POST.exec(sql);
    if (deleted && !/\bor\b/i.test(sql)) position = Number(deleted[2]);
  }
  const postId = position === null ? undefined : params[position - 1];
  return typeof postId === 'string' && UUID.test(postId) ? postId.toLowerCase() : null;
}

/**
 * The tables whose writes can be told apart by group (ADR 056): a new post and a pin change only
 * their own group's rows. A group's timeline and its pins (read inside `readingGroup`) depend on
 * that group's rows of these tables (`groupRowsOf`), so a post outside the group, or a pin in
 * another, keeps them. Every other read of these tables depends on the whole table, which every
 * write of them changes.
 */
export const BY_GROUP: ReadonlySet<string> = new Set(['posts', 'group_pins']);

/** One group's rows of a `BY_GROUP` table, as a dependency and as what a write changes. */
export function groupRowsOf(table: string, groupId: string): string {
  return `${table}@group:${groupId}`;
}

/** What a write to a `BY_GROUP` table changes when its group cannot be told: every group's rows. */
export function everyGroupRowOf(table: string): string {
  return `${table}@group:*`;
}

/** `insert into "posts"|"group_pins" (…) values (…)`: one row, its columns and values. */
const INSERT_ONE_IN_GROUP =
  /^\s*insert\s+into\s+"?(posts|group_pins)"?\s*\(([^()]*)\)\s*values\s*\(([^()]*)\)\s*(?:on\s+conflict\s+do\s+nothing\s*)?(?:returning\b[^;]*)?$/i;
/** `delete from "group_pins" where (… and group_id = $n and …)`: a plain conjunction of conditions. */
const DELETE_IN_GROUP =
  /^\s*delete\s+from\s+"?group_pins"?\s+where\s+\(?([^()]*?)\)?\s*(?:returning\b[^;]*)?$/i;
const GROUP_CONDITION = /(?:^|\s)(?:"?group_pins"?\.)?"?group_id"?\s*=\s*\$(\d+)/i;

/**
 * The group whose rows a new post's or a pin's write changes, read from its text and values: its
 * id, null for a post in no group (no group's rows change), or undefined when it cannot be told.
 */
export function groupOfWrite(sql: string, params: readonly unknown[] | undefined): string | null | undefined {
  if (!params) return undefined;
  let position: number | null = null;
  const insert = INSERT_ONE_IN_GROUP.exec(sql);
  if (insert) {
    position = insertedParameter(insert, 'group_id');
  } else {
    const deleted = DELETE_IN_GROUP.exec(sql);
    const condition =
      deleted && !/\b(?:or|not)\b/i.test(deleted[1]!) ? GROUP_CONDITION.exec(deleted[1]!) : null;
    if (condition) position = Number(condition[1]);
  }
  if (position === null) return undefined;
  const groupId = params[position - 1];
  // A row inserted with no group (a post outside every group) is no group's.
  if (groupId === null && insert) return null;
  return typeof groupId === 'string' && UUID.test(groupId) ? groupId.toLowerCase() : undefined;
}

/**
 * The tables a statement that may write changes (`mayChangeKeptReads` decided it may): each named
 * target's closure. A target in a schema other than Hearth's (the job queue's `pgboss.job`) is
 * named as it is: no kept read depends on it. A statement whose targets cannot be read from its
 * text (DDL, TRUNCATE, a DO block, several statements in one text) changes `EVERY_TABLE`, unless it
 * names none of Hearth's tables (the job queue's own upkeep).
 */
export function tablesWritten(sql: string, params?: readonly unknown[]): readonly string[] {
  if (NO_DATA.test(sql)) return [];
  const written = new Set<string>();
  if (DATA_STATEMENT.test(sql)) {
    for (const match of sql.matchAll(TARGET)) {
      const verb = match[1]!.slice(0, 6).toLowerCase();
      const kind: WriteKind = verb === 'insert' ? 'insert' : verb === 'update' ? 'update' : 'delete';
      const parts = match[2]!.split(/\s*\.\s*(?=[a-z_"])/i).map(unquote);
      if (parts.length === 1 && NOT_A_TABLE.has(parts[0]!)) continue;
      const [schemaName, table] = parts.length === 2 ? parts : [null, parts[0]!];
      if (schemaName !== null && schemaName !== 'public') {
        written.add(`${schemaName}.${table}`);
        continue;
      }
      for (const changed of closureOf(table!, kind)) written.add(changed);
    }
  }
  if (written.size === 0) return tablesRead(sql).length === 0 ? [] : [EVERY_TABLE];
  // A like's, a comment's, a reaction's or a pin's rows (and counters) are its post's; any other
  // write of those tables may touch every post's.
  const postId = postOfWrite(sql, params);
  // A new post's or a pin's rows are its group's; any other write of those tables may touch every
  // group's.
  const groupId = groupOfWrite(sql, params);
  for (const table of [...written]) {
    if (BY_POST.has(table)) written.add(postId === null ? everyRowOf(table) : rowsOf(table, postId));
    if (BY_GROUP.has(table) && groupId !== null) {
      written.add(groupId === undefined ? everyGroupRowOf(table) : groupRowsOf(table, groupId));
    }
  }
  return [...written];
}

const WORD = /"((?:[^"]|"")+)"|\b([a-z_][a-z0-9_]*)\b/gi;
const readCache = new Map<string, readonly string[]>();
const READ_CACHE_SIZE = 2000;

/**
 * The Hearth tables a statement names (so may read), plus `POST_COUNTERS` if it names a counter
 * column. Drizzle builds the same text for the same query, so answers are kept per text. (Inside
 * `readingPosts`, the `BY_POST` tables among them stand for those posts' rows: see read-cache.ts.)
 */
export function tablesRead(sql: string): readonly string[] {
  const known = readCache.get(sql);
  if (known) return known;
  const named = new Set<string>();
  for (const match of sql.matchAll(WORD)) {
    const word = match[1] !== undefined ? match[1].replaceAll('""', '"') : match[2]!.toLowerCase();
    if (HEARTH_TABLES.has(word)) named.add(word);
  }
  if (COUNTER_COLUMNS.test(sql)) named.add(POST_COUNTERS);
  const tables = [...named];
  if (readCache.size >= READ_CACHE_SIZE) readCache.delete(readCache.keys().next().value!);
  readCache.set(sql, tables);
  return tables;
}
