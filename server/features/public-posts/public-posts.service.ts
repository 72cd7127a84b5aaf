import type { CreatePublicPostBody } from '../../../shared/api/public-posts';
import type { DbOrTx } from '../../db/client';
import { foreignKeyViolation, uniqueViolation } from '../../db/errors';
import { forbidden, notFound, unprocessable, type FieldErrors } from '../../http/errors';
import { canPublishPost } from '../posts/posts.policy';
import { loadVisiblePost } from '../posts/posts.service';
import { canUnpublish, isPostId } from './public-posts.policy';
import {
  deletePublicPost,
  findOwnPublicPost,
  findPublicGroup,
  findPublicPostOwner,
  findPublicProfile,
  findPublished,
  insertPublicPost,
  listPublished,
  slugTaken,
  type PublicPostRow,
  type PublishedFilter,
  type PublishedRow,
} from './public-posts.repo';

export const SLUG_TAKEN = 'has already been taken';
export const ALREADY_PUBLISHED = 'is already published';

/**
 * Publishes a post at {PUBLIC_ORIGIN}/explore/post/{slug}. A post the member cannot see is a 404
 * (its existence never leaks); one they see but did not write is a 403. Group posts too: the
 * author chooses to make one public.
 */
export async function publishPost(
  db: DbOrTx,
  authorId: string,
  input: CreatePublicPostBody['public_post'],
): Promise<PublicPostRow> {
  const post = await loadVisiblePost(db, input.post_id, authorId);
  if (!canPublishPost(authorId, post)) throw forbidden();

  const errors: FieldErrors = {};
  if (post.publicPostId) errors.post_id = [ALREADY_PUBLISHED];
  if (await slugTaken(db, input.slug)) errors.slug = [SLUG_TAKEN];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  try {
    const { id } = await insertPublicPost(db, { postId: post.id, userId: authorId, slug: input.slug });
    return (await findOwnPublicPost(db, id, authorId))!;
  } catch (error) {
    // The post was deleted after the checks above: it is gone, as if never found.
    if (foreignKeyViolation(error) !== null) throw notFound();
    // Two requests passed the checks above at once: the unique indexes decide, never a 500.
    const index = uniqueViolation(error);
    if (index === null) throw error;
    if (index === 'public_posts_post_idx') throw unprocessable({ post_id: [ALREADY_PUBLISHED] });
    if (index === 'public_posts_slug_idx' || (await slugTaken(db, input.slug)))
      throw unprocessable({ slug: [SLUG_TAKEN] });
    throw unprocessable({ post_id: [ALREADY_PUBLISHED] });
  }
}

/** Unpublishes; a publication that is not the member's is a 404, like one that does not exist. */
export async function unpublishPost(db: DbOrTx, publicPostId: string, viewerId: string) {
  const publication = await findPublicPostOwner(db, publicPostId);
  if (!publication || !canUnpublish(viewerId, publication)) throw notFound();
  await deletePublicPost(db, publicPostId);
}

/** A published post by post id or slug (ids win: a slug may not look like one); 404 otherwise. */
export async function loadPublished(db: DbOrTx, idOrSlug: string): Promise<PublishedRow> {
  const row = await findPublished(
    db,
    isPostId(idOrSlug) ? { postId: idOrSlug.toLowerCase() } : { slug: idOrSlug },
  );
  if (!row) throw notFound();
  return row;
}

/** A group visitors may know of: one with at least one published post. */
export async function loadPublicGroup(db: DbOrTx, groupId: string) {
  const group = await findPublicGroup(db, groupId);
  if (!group) throw notFound();
  return group;
}

/** A member visitors may know of: one with at least one published post (no enumeration). */
export async function loadPublicProfile(db: DbOrTx, userId: string) {
  const profile = await findPublicProfile(db, userId);
  if (!profile) throw notFound();
  return profile;
}

/**
 * A page of published posts. A group or profile filter naming one with no published post is a
 * 404, as GET /api/explore/groups|profiles/{id} answer: visitors learn nothing of it.
 */
export async function listPublishedPage(db: DbOrTx, filter: PublishedFilter): Promise<PublishedRow[]> {
  const rows = await listPublished(db, filter);
  if (rows.length === 0 && !filter.cursor && (filter.groupId || filter.profileId)) throw notFound();
  return rows;
}
