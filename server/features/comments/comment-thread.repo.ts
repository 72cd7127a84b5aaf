import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { Cursor } from '../../http/pagination';
import { notBlockedCondition } from '../../policies/visibility';
import { REPLIES_PREVIEW } from '../../../shared/api/comments';
import { literalLimit } from '../../db/literal-limit';

/**
 * A table of threaded comments on some subject (a post's `comments`, a link's `link_comments`): the
 * columns every thread has, named so the queries below serve each of them.
 */
export interface CommentThreadTable {
  table: PgTable;
  /** The table's SQL name, for the correlated subqueries. */
  name: string;
  id: AnyPgColumn;
  subjectId: AnyPgColumn;
  parentId: AnyPgColumn;
  createdAt: AnyPgColumn;
  userId: AnyPgColumn;
}

/** Author columns every comment row carries. */
const authorFields = {
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarFileId: users.avatarFileId,
};

/**
 * The reading queries of one comment thread: pages of top-level comments and of replies (oldest
 * first, `limit + 1` rows so the caller knows whether another page exists), the first replies under
 * each comment of a page, and one comment. `fields` are the thread's own columns for a viewer.
 */
export function commentThreadQueries<F extends SelectedFields>(
  thread: CommentThreadTable,
  fields: (viewerId: string) => F,
) {
  const table = sql.identifier(thread.name);

  function rowFields(viewerId: string) {
    return {
      ...fields(viewerId),
      /** Exact text (microseconds kept) for keyset cursors. */
      createdAtExact: sql<string>`to_char(${table}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      repliesCount: sql<number>`(select count(*) from ${table} rc where rc.parent_id = ${table}.id)`.mapWith(
        Number,
      ),
      ...authorFields,
    };
  }

  /**
   * Every query of the thread goes through here with its conditions, so a rule that applies to all
   * the comments a viewer reads (a block, for instance) is one line in this list.
   */
  function select(db: DbOrTx, viewerId: string, conditions: SQL[]) {
    return db
      .select(rowFields(viewerId))
      .from(thread.table)
      .innerJoin(users, eq(users.id, thread.userId))
      .where(and(notBlockedCondition(viewerId, thread.userId), ...conditions));
  }

  /** Rows strictly after the cursor in (created_at, id) ascending order. */
  function afterCursor(cursor: Cursor | null): SQL[] {
    return cursor
      ? [sql`(${table}.created_at, ${table}.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`]
      : [];
  }

  const oldestFirst = [asc(thread.createdAt), asc(thread.id)];

  type Page = { viewerId: string; cursor: Cursor | null; limit: number };

  return {
    /** A page of a subject's top-level comments (the `(subject, created_at)` index). */
    listTopLevel(db: DbOrTx, { subjectId, viewerId, cursor, limit }: Page & { subjectId: string }) {
      return select(db, viewerId, [
        eq(thread.subjectId, subjectId),
        isNull(thread.parentId),
        ...afterCursor(cursor),
      ])
        .orderBy(...oldestFirst)
        .limit(literalLimit(limit + 1));
    },

    /** The first REPLIES_PREVIEW replies of each of these comments (the `(parent, created_at)` index). */
    async listFirstReplies(db: DbOrTx, parentIds: string[], viewerId: string) {
      if (parentIds.length === 0) return [];
      return select(db, viewerId, [
        inArray(thread.parentId, parentIds),
        sql`(select count(*) from ${table} earlier
              where earlier.parent_id = ${table}.parent_id
                and (earlier.created_at, earlier.id) < (${table}.created_at, ${table}.id)) < ${REPLIES_PREVIEW}`,
      ]).orderBy(...oldestFirst);
    },

    /** A page of one comment's replies. */
    listReplies(db: DbOrTx, { parentId, viewerId, cursor, limit }: Page & { parentId: string }) {
      return select(db, viewerId, [eq(thread.parentId, parentId), ...afterCursor(cursor)])
        .orderBy(...oldestFirst)
        .limit(literalLimit(limit + 1));
    },

    /** One comment, with more conditions when the caller needs them (its subject, say). */
    async find(db: DbOrTx, commentId: string, viewerId: string, conditions: SQL[] = []) {
      const [row] = await select(db, viewerId, [eq(thread.id, commentId), ...conditions]).limit(1);
      return row ?? null;
    },
  };
}
