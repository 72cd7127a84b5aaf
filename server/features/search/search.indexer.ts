import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DbOrTx } from '../../db/client';
import { files, links, postFiles, posts, searchEntries } from '../../db/schema';
import { createEmbedder, type Embedder } from './embedder';
import { readImageOnce } from './image-reading';
import { ensureVectorIndex } from './vector-search.repo';

/** Characters of a link's readable text that go into its embedding (the summaries come first). */
const LINK_TEXT_CHARS = 4000;

/** With `storage`, image attachments are also read (OCR); the CLI's reindex goes without. */
type IndexDeps = Pick<AppContext, 'db' | 'config' | 'database'> &
  Partial<Pick<AppContext, 'storage' | 'logger'>>;

/** The words an image attachment shows and its caption, as one text ('' when none was read). */
async function imageText(deps: IndexDeps, fileId: string): Promise<string> {
  const reading = await readImageOnce(deps, fileId);
  return reading ? joinText(reading.caption, reading.text) : '';
}

function joinText(...parts: Array<string | null>): string {
  return parts.filter(Boolean).join('\n');
}

const embedders = new WeakMap<object, Embedder>();

/** The process's embedder for this configuration (the static vectors load once). */
export function embedderFor(config: AppContext['config']): Embedder {
  let embedder = embedders.get(config);
  if (!embedder) {
    embedder = createEmbedder(config);
    embedders.set(config, embedder);
  }
  return embedder;
}

/** A file name as words: "beach-sunset_2024.jpg" reads "beach sunset 2024 jpg". */
export function fileNameWords(name: string): string {
  return name.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

interface Entry {
  target: { postId: string } | { linkId: string };
  extraText: string;
  /** What the embedding is made from. */
  meaningText: string;
}

export interface IndexOptions {
  /**
   * Leave the model's HNSW index to the caller: a bulk reindex builds it once at the end, which is
   * many times faster than growing it row by row.
   */
  deferVectorIndex?: boolean;
}

/** Writes the entries' searchable text and vectors (one statement per kind of item). */
async function upsertEntries(deps: IndexDeps, entries: Entry[], options: IndexOptions = {}): Promise<void> {
  if (entries.length === 0) return;
  const embedder = embedderFor(deps.config);
  // Without pgvector no vector could be searched: keep only the searchable text. A text with no
  // known word is recorded as done by this model, with no vector to compare.
  const model = deps.database.hasVector ? embedder.model : null;
  const vectors = model
    ? await embedder.embed(
        entries.map((entry) => entry.meaningText.trim() || '-'),
        { prepare: true },
      )
    : entries.map(() => null);
  // The model's HNSW index is made here, in the worker, not by the first search that needs it.
  const dimensions = vectors.find((vector) => vector)?.length;
  if (model && dimensions && !options.deferVectorIndex) await ensureVectorIndex(deps.db, model, dimensions);
  const indexedAt = new Date();
  const rows = entries.map((entry, i) => ({
    ...entry.target,
    extraText: entry.extraText,
    model,
    embedding: vectors[i] ?? null,
    indexedAt,
  }));
  const byKind = [
    { key: searchEntries.postId, rows: rows.filter((row) => 'postId' in row) },
    { key: searchEntries.linkId, rows: rows.filter((row) => 'linkId' in row) },
  ];
  for (const { key, rows: kindRows } of byKind) {
    if (kindRows.length === 0) continue;
    await deps.db
      .insert(searchEntries)
      .values(kindRows)
      .onConflictDoUpdate({
        target: key,
        set: {
          extraText: sql`excluded.extra_text`,
          model: sql`excluded.model`,
          embedding: sql`excluded.embedding`,
          indexedAt: sql`excluded.indexed_at`,
        },
      });
  }
}

interface IndexedFile {
  id: string;
  name: string;
  contentType: string | null;
  alt: string;
}

/**
 * The files of these posts in order, by post id (`post_files`, ADR 048: migration 0026 put every
 * earlier attachment there, and a new post's files are written there with it).
 */
async function filesOfPosts(db: DbOrTx, postIds: string[]): Promise<Map<string, IndexedFile[]>> {
  const listed = await db
    .select({
      postId: postFiles.postId,
      id: files.id,
      name: files.name,
      contentType: files.contentType,
      alt: postFiles.alt,
    })
    .from(postFiles)
    .innerJoin(files, eq(files.id, postFiles.fileId))
    .where(inArray(postFiles.postId, postIds))
    .orderBy(asc(postFiles.postId), asc(postFiles.position));
  const byPost = new Map<string, IndexedFile[]>();
  for (const { postId, ...file } of listed) byPost.set(postId, [...(byPost.get(postId) ?? []), file]);
  return byPost;
}

/**
 * Makes posts findable by meaning, by their files' names and descriptions (alt text) and by the
 * text their images show (OCR, when storage is at hand). Idempotent; a post gone since is nothing
 * to do. Without pgvector only the files' words are kept (search is by keywords alone).
 */
export async function indexPosts(
  context: IndexDeps,
  postIds: string[],
  options: IndexOptions = {},
): Promise<void> {
  if (postIds.length === 0) return;
  const rows = await context.db
    .select({ id: posts.id, tldr: posts.tldr, content: posts.content })
    .from(posts)
    .where(inArray(posts.id, postIds));
  const filesByPost = await filesOfPosts(context.db, postIds);
  const entries: Entry[] = [];
  for (const post of rows) {
    const parts: string[] = [];
    for (const file of filesByPost.get(post.id) ?? []) {
      parts.push(fileNameWords(file.name), file.alt);
      if (file.contentType?.startsWith('image/')) parts.push(await imageText(context, file.id));
    }
    const extraText = parts.filter(Boolean).join('\n');
    entries.push({
      target: { postId: post.id },
      extraText,
      meaningText: [post.tldr, post.content, extraText].join('\n'),
    });
  }
  await upsertEntries(context, entries, options);
}

export async function indexPost(context: IndexDeps, postId: string): Promise<void> {
  await indexPosts(context, [postId]);
}

/**
 * Makes links findable by meaning (title, comment, summaries and the start of the text).
 * Idempotent; a link gone since is nothing to do.
 */
export async function indexLinks(
  context: IndexDeps,
  linkIds: string[],
  options: IndexOptions = {},
): Promise<void> {
  if (linkIds.length === 0) return;
  const rows = await context.db
    .select({
      id: links.id,
      title: links.title,
      comment: links.comment,
      sentence: links.sentenceSummary,
      paragraph: links.paragraphSummary,
      markdown: links.markdownContent,
    })
    .from(links)
    .where(inArray(links.id, linkIds));
  await upsertEntries(
    context,
    rows.map((link) => ({
      target: { linkId: link.id },
      extraText: '',
      meaningText: [
        link.title,
        link.comment,
        link.sentence,
        link.paragraph,
        link.markdown?.slice(0, LINK_TEXT_CHARS),
      ]
        .filter(Boolean)
        .join('\n'),
    })),
    options,
  );
}

/** The links pipeline calls this once a link is summarised (see indexLinks). */
export async function indexLink(context: IndexDeps, linkId: string): Promise<void> {
  await indexLinks(context, [linkId]);
}

/** Posts created since `since` whose entry is missing or made by another model. */
export async function postsNeedingIndex(db: DbOrTx, model: string | null, since: Date | null, limit: number) {
  const stale = model ? sql`(e.id is null or e.model is distinct from ${model})` : sql`e.id is null`;
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .leftJoin(sql`search_entries e`, sql`e.post_id = ${posts.id}`)
    .where(and(stale, since ? sql`${posts.createdAt} >= ${since.toISOString()}::timestamptz` : undefined))
    .orderBy(sql`${posts.createdAt} desc`)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Links with readable text whose entry is missing or made by another model. */
export async function linksNeedingIndex(db: DbOrTx, model: string | null, limit: number) {
  const stale = model ? sql`(e.id is null or e.model is distinct from ${model})` : sql`e.id is null`;
  const rows = await db
    .select({ id: links.id })
    .from(links)
    .leftJoin(sql`search_entries e`, sql`e.link_id = ${links.id}`)
    .where(and(stale, sql`${links.sentenceSummary} is not null`))
    .limit(limit);
  return rows.map((row) => row.id);
}
