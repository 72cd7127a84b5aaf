// `npm run bench:seed -- --posts N (--database-url URL | --data-dir DIR) [--seed S] [--no-index]`:
// fills a database with a community of N posts: members with profiles, groups with roles, posts
// in Markdown, comments, likes, follows, links with summaries, published posts and notifications,
// then the search index (the app's own reindex) and any like/comment counter columns. Rows go in
// as batches of `json_to_recordset`, which PostgreSQL and PGlite both take. Prints rows/s.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config/env';
import { type Database, type Db, type DbOrTx, openDatabase, rowsOf } from '../server/db/client';
import { lockDataDir } from '../server/db/data-dir-lock';
import { storageKeys } from '../server/features/files/files.keys';
import { reindexAll } from '../server/features/search/search.reindex';
import {
  commentText,
  communityShape,
  distinctInts,
  markdownBody,
  randomInt,
  seededRandom,
  title,
  word,
} from './support/community';

const BATCH = 2_000;

export interface SeededCommunity {
  /** `member0`: owner of the first group, follows others, has notifications. */
  viewerId: string;
  /** A member's group the viewer owns. */
  groupId: string;
  /** The newest post, with the long conversation. */
  hotPostId: string;
  rows: Record<string, number>;
  seconds: number;
}

type Column = [name: string, type: string];

/** Inserts rows in batches through one JSON parameter per batch; returns how many went in. */
async function insertRows(db: DbOrTx, table: string, columns: Column[], rows: unknown[][]): Promise<number> {
  for (let from = 0; from < rows.length; from += BATCH) {
    const batch = rows
      .slice(from, from + BATCH)
      .map((row) => Object.fromEntries(columns.map(([name], i) => [name, row[i]])));
    const names = sql.raw(columns.map(([name]) => name).join(', '));
    const shape = sql.raw(columns.map(([name, type]) => `${name} ${type}`).join(', '));
    await db.execute(sql`insert into ${sql.identifier(table)} (${names})
      select ${names} from json_to_recordset(${JSON.stringify(batch)}::json) as x(${shape})`);
  }
  return rows.length;
}

// The tables a community fills most. Loaded into empty tables, their indexes (other than those
// backing a primary key or unique constraint) are dropped first and built once at the end: a
// B-tree built from sorted rows and a GIN index built in bulk cost a fraction of maintaining them
// row by row (the posts' full-text GIN index alone made each batch slower than the last).
const BULK_TABLES = ['posts', 'comments', 'post_likes', 'links'];

export interface SeedOptions {
  posts: number;
  seed?: number;
  log?: (line: string) => void;
  /** `maintenance_work_mem` while the deferred indexes are built (PostgreSQL; e.g. '512MB'). */
  indexMemory?: string;
  /**
   * Photos (issue 28): one post in `PHOTO_POST_EVERY` carries 2 to 8, as uploaded and checked
   * photos are kept (a `files` row each, its re-encoded image and card preview written under
   * `filesDir`, the app's DATA_DIR/files). Unset: posts have no files.
   */
  photos?: { filesDir: string };
}

/** One post in this many carries photos when the seed adds them. */
export const PHOTO_POST_EVERY = 10;

/**
 * Seeds the community; the database must be migrated and hold no bench members yet.
 *
 * When the posts table is empty and the role may set `session_replication_role` (a superuser, as
 * PGlite's and a throwaway server's are), everything goes in as one bulk load in one transaction:
 * row triggers are off (foreign-key checks and the like/comment counter triggers: the rows are
 * consistent by construction, and the counters are written with each post from the rows drawn for
 * it), the big tables' indexes are built after the rows are in, and a failure leaves nothing
 * behind. Otherwise rows go in with every trigger and index live, and counters are recomputed.
 * Either way the same seed writes the same rows.
 */
export async function seedCommunity(db: Db, options: SeedOptions): Promise<SeededCommunity> {
  const log = options.log ?? (() => {});
  const [mode] = rowsOf<{ bulk: boolean }>(
    await db.execute(sql`select current_setting('is_superuser') = 'on'
      and not exists (select 1 from posts) as bulk`),
  );
  if (!mode?.bulk) return writeCommunity(db, options, null);
  log('  bulk load: triggers off, indexes built after the rows');
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    if (options.indexMemory)
      await tx.execute(sql`select set_config('maintenance_work_mem', ${options.indexMemory}, true)`);
    const deferred = rowsOf<{ name: string; definition: string }>(
      await tx.execute(sql`select i.indexrelid::regclass::text as name,
          pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
        where i.indrelid = any (${`{${BULK_TABLES.join(',')}}`}::regclass[])
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`),
    );
    for (const index of deferred) await tx.execute(sql`drop index ${sql.raw(index.name)}`);
    const seeded = await writeCommunity(tx, options, async () => {
      const started = performance.now();
      for (const index of deferred) await tx.execute(sql.raw(index.definition));
      log(
        `  built ${deferred.length} indexes after the load (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    });
    return seeded;
  });
}

/**
 * Draws and inserts the community. `buildIndexes` is set for a bulk load (triggers off): posts then
 * carry their like and comment counts, and it runs once every row is in.
 */
async function writeCommunity(
  db: DbOrTx,
  options: SeedOptions,
  buildIndexes: (() => Promise<void>) | null,
): Promise<SeededCommunity> {
  const log = options.log ?? (() => {});
  const shape = communityShape(options.posts);
  // Counter columns on posts, written with each post when no trigger keeps them.
  const postColumns = new Set(
    rowsOf<{ column_name: string }>(
      await db.execute(sql`select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'posts'`),
    ).map((c) => c.column_name),
  );
  const likesColumn = buildIndexes
    ? ['likes_count', 'like_count'].find((c) => postColumns.has(c))
    : undefined;
  const commentsColumn = buildIndexes
    ? ['comments_count', 'comment_count'].find((c) => postColumns.has(c))
    : undefined;
  const random = seededRandom(options.seed ?? 11);
  const started = performance.now();
  const rows: Record<string, number> = {};
  const count = (table: string, n: number) => (rows[table] = (rows[table] ?? 0) + n);
  const now = Date.now();
  // Posts spread over a year, the newest first; i = 0 is the newest.
  const span = 365 * 86_400_000;
  const at = (i: number, total: number) =>
    new Date(now - Math.floor(((i + 1) / (total + 1)) * span)).toISOString();

  const members = Array.from({ length: shape.members }, () => randomUUID());
  count(
    'users',
    await insertRows(
      db,
      'users',
      [
        ['id', 'uuid'],
        ['username', 'text'],
        ['email', 'text'],
        ['password_hash', 'text'],
        ['first_name', 'text'],
        ['last_name', 'text'],
        ['about', 'text'],
        ['location', 'text'],
        ['confirmed_at', 'timestamptz'],
        ['created_at', 'timestamptz'],
      ],
      members.map((id, i) => [
        id,
        `member${i}`,
        `member${i}@bench.test`,
        'not-a-hash',
        `${word(random)[0]!.toUpperCase()}${word(random).slice(1)}`,
        `${word(random)[0]!.toUpperCase()}${word(random).slice(1)}`,
        random() < 0.7 ? markdownBody(random).slice(0, 400) : null,
        random() < 0.5 ? `${title(random)}`.slice(0, 40) : null,
        at(shape.members + i, shape.members * 2),
        at(shape.members + i, shape.members * 2),
      ]),
    ),
  );

  // Groups: each with an owner, a moderator or two, and members who post or comment.
  const groups = Array.from({ length: shape.groups }, () => randomUUID());
  count(
    'groups',
    await insertRows(
      db,
      'groups',
      [
        ['id', 'uuid'],
        ['name', 'text'],
        ['description', 'text'],
        ['created_by_id', 'uuid'],
      ],
      groups.map((id, g) => [
        id,
        `${title(random)} ${g}`.slice(0, 60),
        title(random),
        members[g % shape.members],
      ]),
    ),
  );
  const groupMembers: number[][] = groups.map(() => []);
  const roleRows: unknown[][] = [];
  groups.forEach((groupId, g) => {
    const owner = g % shape.members;
    const size = Math.min(shape.members - 1, 5 + randomInt(random, 40));
    const others = distinctInts(random, shape.members, size, owner);
    groupMembers[g] = [owner, ...others];
    roleRows.push([randomUUID(), groupId, members[owner], 'Owner']);
    others.forEach((m, k) =>
      roleRows.push([
        randomUUID(),
        groupId,
        members[m],
        k < 2 ? 'Moderator' : random() < 0.75 ? 'Poster' : 'Commentor',
      ]),
    );
  });
  count(
    'group_roles',
    await insertRows(
      db,
      'group_roles',
      [
        ['id', 'uuid'],
        ['group_id', 'uuid'],
        ['user_id', 'uuid'],
        ['role', 'group_role'],
      ],
      roleRows,
    ),
  );

  // Follows: each member follows 3 to 15 others.
  const followRows: unknown[][] = [];
  members.forEach((id, m) => {
    for (const other of distinctInts(random, shape.members, 3 + randomInt(random, 13), m))
      followRows.push([id, members[other]]);
  });
  count(
    'follows',
    await insertRows(
      db,
      'follows',
      [
        ['follower_id', 'uuid'],
        ['followee_id', 'uuid'],
      ],
      followRows,
    ),
  );

  // Posts, with their comments and likes, one batch at a time.
  let hotPostId = '';
  const published: Array<[string, string]> = [];
  const photoPosts: PhotoPost[] = [];
  let lastReport = performance.now();
  for (let from = 0; from < shape.posts; from += BATCH) {
    const postRows: unknown[][] = [];
    const commentRows: unknown[][] = [];
    const likeRows: unknown[][] = [];
    for (let i = from; i < Math.min(shape.posts, from + BATCH); i++) {
      const id = randomUUID();
      const g = i % shape.groupPostEvery === 1 ? randomInt(random, shape.groups) : -1;
      const pool = g >= 0 ? groupMembers[g]! : null;
      // The hot post is member1's, outside any group, so the viewer (member0) sees it.
      const author =
        i === 0 ? 1 : pool ? pool[randomInt(random, pool.length)]! : randomInt(random, shape.members);
      const createdAt = at(i, shape.posts);
      const postRow: unknown[] = [
        id,
        members[author],
        i === 0 ? null : g >= 0 ? groups[g] : null,
        title(random),
        markdownBody(random),
        createdAt,
      ];
      postRows.push(postRow);
      if (i === 0) hotPostId = id;
      if (options.photos && i % PHOTO_POST_EVERY === PHOTO_POST_EVERY - 1)
        photoPosts.push({ postId: id, authorId: members[author]!, createdAt });
      if (g < 0 && i % Math.max(1, Math.round(shape.posts / shape.publishedPosts)) === 0)
        published.push([id, members[author]!]);
      const comments = i === 0 ? shape.hotPostComments : Math.floor(random() ** 2 * 4);
      const commentIds: string[] = [];
      for (let c = 0; c < comments; c++) {
        const commentId = randomUUID();
        const commenter = pool ? pool[randomInt(random, pool.length)]! : randomInt(random, shape.members);
        const parent =
          commentIds.length > 0 && random() < 0.25 ? commentIds[randomInt(random, commentIds.length)] : null;
        commentRows.push([
          commentId,
          id,
          members[commenter],
          parent,
          commentText(random),
          new Date(Date.parse(createdAt) + (c + 1) * 60_000).toISOString(),
        ]);
        commentIds.push(commentId);
      }
      const likers = Math.floor(random() ** 3 * 12);
      const likesBefore = likeRows.length;
      for (const liker of pool
        ? distinctInts(random, pool.length, likers).map((k) => pool[k]!)
        : distinctInts(random, shape.members, likers))
        likeRows.push([id, members[liker]]);
      if (likesColumn) postRow.push(likeRows.length - likesBefore);
      if (commentsColumn) postRow.push(comments);
    }
    count(
      'posts',
      await insertRows(
        db,
        'posts',
        [
          ['id', 'uuid'],
          ['user_id', 'uuid'],
          ['group_id', 'uuid'],
          ['tldr', 'text'],
          ['content', 'text'],
          ['created_at', 'timestamptz'],
          ...(likesColumn ? [[likesColumn, 'integer'] as Column] : []),
          ...(commentsColumn ? [[commentsColumn, 'integer'] as Column] : []),
        ],
        postRows,
      ),
    );
    count(
      'comments',
      await insertRows(
        db,
        'comments',
        [
          ['id', 'uuid'],
          ['post_id', 'uuid'],
          ['user_id', 'uuid'],
          ['parent_id', 'uuid'],
          ['content', 'text'],
          ['created_at', 'timestamptz'],
        ],
        commentRows,
      ),
    );
    count(
      'post_likes',
      await insertRows(
        db,
        'post_likes',
        [
          ['post_id', 'uuid'],
          ['user_id', 'uuid'],
        ],
        likeRows,
      ),
    );
    if (performance.now() - lastReport > 5_000) {
      lastReport = performance.now();
      const seconds = (performance.now() - started) / 1000;
      log(`  ${rows.posts} / ${shape.posts} posts (${Math.round(total(rows) / seconds)} rows/s)`);
    }
  }

  count(
    'public_posts',
    await insertRows(
      db,
      'public_posts',
      [
        ['id', 'uuid'],
        ['post_id', 'uuid'],
        ['user_id', 'uuid'],
        ['slug', 'text'],
      ],
      published.map(([postId, userId], k) => [randomUUID(), postId, userId, `bench-${k}-${word(random)}`]),
    ),
  );

  // Links: read and summarised, in every visibility.
  count(
    'links',
    await insertRows(
      db,
      'links',
      [
        ['id', 'uuid'],
        ['user_id', 'uuid'],
        ['url', 'text'],
        ['normalized_url', 'text'],
        ['domain', 'text'],
        ['comment', 'text'],
        ['visibility', 'link_visibility'],
        ['status', 'link_status'],
        ['title', 'text'],
        ['sentence_summary', 'text'],
        ['paragraph_summary', 'text'],
        ['markdown_content', 'text'],
        ['processed_at', 'timestamptz'],
        ['created_at', 'timestamptz'],
      ],
      Array.from({ length: shape.links }, (_, k) => {
        const url = `https://${word(random)}.example.org/articles/${k}`;
        const createdAt = at(k, shape.links);
        return [
          randomUUID(),
          members[randomInt(random, shape.members)],
          url,
          url,
          new URL(url).hostname,
          random() < 0.5 ? commentText(random) : null,
          (['private', 'public', 'published'] as const)[randomInt(random, 3)],
          'ready',
          title(random),
          commentText(random),
          markdownBody(random).replace(/\n+/g, ' ').slice(0, 600),
          `# ${title(random)}\n\n${markdownBody(random)}\n\n${markdownBody(random)}`,
          createdAt,
          createdAt,
        ];
      }),
    ),
  );

  // The viewer's inbox: likes and follows from other members.
  const [viewerPost] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from posts where user_id = ${members[0]} limit 1`),
  );
  count(
    'notifications',
    await insertRows(
      db,
      'notifications',
      [
        ['id', 'uuid'],
        ['recipient_id', 'uuid'],
        ['actor_id', 'uuid'],
        ['kind', 'text'],
        ['post_id', 'uuid'],
        ['created_at', 'timestamptz'],
      ],
      Array.from({ length: 60 }, (_, k) => [
        randomUUID(),
        members[0],
        members[1 + (k % (shape.members - 1))],
        viewerPost && k % 2 === 0 ? 'post_like' : 'follow',
        viewerPost && k % 2 === 0 ? viewerPost.id : null,
        at(k, 120),
      ]),
    ),
  );

  if (options.photos) {
    const photos = await insertPhotos(db, photoPosts, options.photos.filesDir, options.seed ?? 11);
    count('files', photos);
    count('post_files', photos);
  }

  await buildIndexes?.();
  await recomputeCounters(
    db,
    log,
    [likesColumn, commentsColumn].flatMap((c) => (c ? [`posts.${c}`] : [])),
  );
  const seconds = (performance.now() - started) / 1000;
  log(
    `Inserted ${total(rows).toLocaleString('en')} rows in ${seconds.toFixed(1)} s (${Math.round(total(rows) / seconds)} rows/s): ${JSON.stringify(rows)}`,
  );
  return { viewerId: members[0]!, groupId: groups[0]!, hotPostId, rows, seconds };
}

interface PhotoPost {
  postId: string;
  authorId: string;
  createdAt: string;
}

/** The photos' pixels: landscape, portrait and square, as phones take them (small, to seed fast). */
const PHOTO_SHAPES = [
  { width: 960, height: 720 },
  { width: 720, height: 960 },
  { width: 800, height: 800 },
];

/**
 * A `files` row and its post's `post_files` row for each photo of `posts` (2 to 8 each, from a PRNG
 * of their own, so the rest of the community is the same with or without them), and each photo's
 * image and preview in `filesDir` under its storage keys: real WebP files, one per shape, copied.
 */
async function insertPhotos(db: DbOrTx, posts: PhotoPost[], filesDir: string, seed: number): Promise<number> {
  const { default: sharp } = await import('sharp');
  const images = await Promise.all(
    PHOTO_SHAPES.map(async ({ width, height }, k) => {
      const colour = { r: 60 + 60 * k, g: 140, b: 200 - 50 * k };
      const encode = (w: number, h: number) =>
        sharp({ create: { width: w, height: h, channels: 3, background: colour } })
          .webp()
          .toBuffer();
      return {
        width,
        height,
        image: await encode(width, height),
        thumbnail: await encode(Math.round(width / 2), Math.round(height / 2)),
      };
    }),
  );
  fs.mkdirSync(filesDir, { recursive: true });
  const random = seededRandom(seed + 1);
  const fileRows: unknown[][] = [];
  const postFileRows: unknown[][] = [];
  for (const post of posts) {
    const count = 2 + randomInt(random, 7);
    for (let position = 0; position < count; position++) {
      const id = randomUUID();
      const shape = images[randomInt(random, images.length)]!;
      const keys = storageKeys(id);
      fs.writeFileSync(path.join(filesDir, keys.image), shape.image);
      fs.writeFileSync(path.join(filesDir, keys.thumbnail), shape.thumbnail);
      fileRows.push([
        id,
        post.authorId,
        `photo-${position + 1}.webp`,
        'post_attachment',
        'uploaded',
        keys.image,
        keys.thumbnail,
        'image/webp',
        shape.image.length,
        shape.width,
        shape.height,
        '',
        post.createdAt,
        post.createdAt,
        post.createdAt,
      ]);
      postFileRows.push([post.postId, id, position, `${word(random)} ${word(random)}`]);
    }
  }
  await insertRows(
    db,
    'files',
    [
      ['id', 'uuid'],
      ['user_id', 'uuid'],
      ['name', 'text'],
      ['file_type', 'file_type'],
      ['status', 'file_status'],
      ['storage_key', 'text'],
      ['thumbnail_key', 'text'],
      ['content_type', 'text'],
      ['file_size', 'bigint'],
      ['width', 'integer'],
      ['height', 'integer'],
      // Read for search already (a plain colour shows no words): no indexing reads them again.
      ['image_text', 'text'],
      ['image_read_at', 'timestamptz'],
      ['uploaded_at', 'timestamptz'],
      ['created_at', 'timestamptz'],
    ],
    fileRows,
  );
  await insertRows(
    db,
    'post_files',
    [
      ['post_id', 'uuid'],
      ['file_id', 'uuid'],
      ['position', 'integer'],
      ['alt', 'text'],
    ],
    postFileRows,
  );
  return fileRows.length;
}

function total(rows: Record<string, number>): number {
  return Object.values(rows).reduce((sum, n) => sum + n, 0);
}

// Counter columns the schema may keep (brief C's hot paths may add them): recomputed from the rows
// when they exist, with one UPDATE per table.
const COUNTERS: Array<{ table: string; column: RegExp; from: (table: string) => SQL }> = [
  {
    table: 'posts',
    column: /^likes?_count$/,
    from: () => sql`(select count(*) from post_likes l where l.post_id = posts.id)`,
  },
  {
    table: 'posts',
    column: /^comments?_count$/,
    from: () => sql`(select count(*) from comments c where c.post_id = posts.id)`,
  },
  {
    table: 'links',
    column: /^likes?_count$/,
    from: () => sql`(select count(*) from link_likes l where l.link_id = links.id)`,
  },
  {
    table: 'links',
    column: /^comments?_count$/,
    from: () => sql`(select count(*) from link_comments c where c.link_id = links.id)`,
  },
];

/** Sets every like/comment counter column found in information_schema from the rows it counts. */
export async function recomputeCounters(
  db: DbOrTx,
  log: (line: string) => void = () => {},
  /** `table.column` counters already written with the rows. */
  skip: string[] = [],
): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and table_name in ('posts', 'links')`),
  );
  const updated: string[] = [];
  for (const table of ['posts', 'links']) {
    const sets = columns
      .filter((c) => c.table_name === table && !skip.includes(`${table}.${c.column_name}`))
      .flatMap((c) => {
        const counter = COUNTERS.find((k) => k.table === table && k.column.test(c.column_name));
        return counter ? [{ name: c.column_name, value: counter.from(table) }] : [];
      });
    if (sets.length === 0) continue;
    const started = performance.now();
    await db.execute(
      sql`update ${sql.identifier(table)} set ${sql.join(
        sets.map((s) => sql`${sql.identifier(s.name)} = ${s.value}`),
        sql`, `,
      )}`,
    );
    updated.push(...sets.map((s) => `${table}.${s.name}`));
    log(
      `  counters ${sets.map((s) => s.name).join(', ')} on ${table} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  return updated;
}

/**
 * Builds the search index the way `npm run cli -- reindex` does, and refreshes planner statistics.
 * `dataDir` is the Hearth data folder the app will run on: the static word vectors' file is built
 * there, so the app searches by meaning from its first request instead of by keywords only until
 * its worker happens to build the file (which it did in `./data` of the bench's working folder).
 */
export async function indexCommunity(
  database: Database,
  log: (line: string) => void = () => {},
  dataDir?: string,
) {
  const started = performance.now();
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'production', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
    ['worker'],
  );
  let lastReport = 0;
  const report = await reindexAll({ db: database.db, config, database }, (message) => {
    if (performance.now() - lastReport > 5_000) {
      lastReport = performance.now();
      log(`  ${message}`);
    }
  });
  await database.db.execute(sql`analyze`);
  const seconds = (performance.now() - started) / 1000;
  log(`Indexed ${report.posts} posts and ${report.links} links for search in ${seconds.toFixed(1)} s`);
  return { ...report, seconds };
}

/** Opens (and migrates) the database named by a URL or a Hearth data folder. */
export async function openBenchDatabase(target: {
  databaseUrl?: string;
  dataDir?: string;
}): Promise<{ database: Database; close(): Promise<void> }> {
  if (target.databaseUrl) {
    const database = await openDatabase({
      kind: 'postgres',
      url: target.databaseUrl,
      max: 2,
      listens: false,
    });
    await database.migrate();
    return { database, close: () => database.close() };
  }
  if (!target.dataDir) throw new Error('--database-url or --data-dir is required');
  const release = lockDataDir(target.dataDir);
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(target.dataDir, 'db') });
  await database.migrate();
  return {
    database,
    async close() {
      await database.close();
      release();
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      posts: { type: 'string', default: '20000' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      seed: { type: 'string', default: '11' },
      'no-index': { type: 'boolean', default: false },
    },
  });
  const posts = Number(values.posts);
  const { database, close } = await openBenchDatabase({
    databaseUrl: values['database-url'],
    dataDir: values['data-dir'],
  });
  try {
    const [existing] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from users where username = 'member0'`),
    );
    if (existing && existing.n > 0) throw new Error('This database already holds a seeded community.');
    console.log(`Seeding ${posts.toLocaleString('en')} posts on ${database.kind}…`);
    await seedCommunity(database.db, {
      posts,
      seed: Number(values.seed),
      log: console.log,
      indexMemory: database.kind === 'postgres' ? '512MB' : undefined,
    });
    if (values['no-index']) await database.db.execute(sql`analyze`);
    else await indexCommunity(database, console.log, values['data-dir']);
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
