import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DbOrTx } from '../../db/client';
import { files, links, posts, searchEntries } from '../../db/schema';
import { createEmbedder, type Embedder } from './embedder';

/** Characters of a link's readable text that go into its embedding (the summaries come first). */
const LINK_TEXT_CHARS = 4000;

type IndexDeps = Pick<AppContext, 'db' | 'config' | 'database'>;

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
  extraText: string;
  /** What the embedding is made from. */
  meaningText: string;
}

async function upsertEntry(
  deps: IndexDeps,
  target: { postId: string } | { linkId: string },
  entry: Entry,
): Promise<void> {
  const embedder = embedderFor(deps.config);
  let model: string | null = null;
  let embedding: number[] | null = null;
  // Without pgvector no vector could be searched: keep only the searchable text.
  // A text with no known word is recorded as done by this model, with no vector to compare.
  if (deps.database.hasVector) {
    model = embedder.model;
    if (entry.meaningText.trim()) {
      [embedding = null] = await embedder.embed([entry.meaningText], { prepare: true });
    }
  }
  const values = { extraText: entry.extraText, model, embedding, indexedAt: new Date() };
  const key = 'postId' in target ? searchEntries.postId : searchEntries.linkId;
  await deps.db
    .insert(searchEntries)
    .values({ ...target, ...values })
    .onConflictDoUpdate({ target: key, set: values });
}

/**
 * Makes a post findable by meaning and by its attachment's name. Idempotent; a post gone since is
 * nothing to do. Without pgvector only the attachment name is kept (search is by keywords alone).
 */
export async function indexPost(context: IndexDeps, postId: string): Promise<void> {
  const [post] = await context.db
    .select({ tldr: posts.tldr, content: posts.content, fileName: files.name })
    .from(posts)
    .leftJoin(files, eq(files.id, posts.fileId))
    .where(eq(posts.id, postId))
    .limit(1);
  if (!post) return;
  const fileWords = post.fileName ? fileNameWords(post.fileName) : '';
  await upsertEntry(
    context,
    { postId },
    { extraText: fileWords, meaningText: [post.tldr, post.content, fileWords].join('\n') },
  );
}

/**
 * Makes a link findable by meaning (its title, summaries and the start of its text). Idempotent;
 * the links pipeline calls it once a link is summarised. A link gone since is nothing to do.
 */
export async function indexLink(context: IndexDeps, linkId: string): Promise<void> {
  const [link] = await context.db
    .select({
      title: links.title,
      comment: links.comment,
      sentence: links.sentenceSummary,
      paragraph: links.paragraphSummary,
      markdown: links.markdownContent,
    })
    .from(links)
    .where(eq(links.id, linkId))
    .limit(1);
  if (!link) return;
  const meaningText = [
    link.title,
    link.comment,
    link.sentence,
    link.paragraph,
    link.markdown?.slice(0, LINK_TEXT_CHARS),
  ]
    .filter(Boolean)
    .join('\n');
  await upsertEntry(context, { linkId }, { extraText: '', meaningText });
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
