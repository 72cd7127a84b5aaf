import type { PublicGroup, PublicPost, PublicProfile, PublishedPost } from '../../../shared/api/public-posts';
import { contentHtml } from '../posts/content-html';
import { presentSharedPostFields, publicPostUrl } from '../posts/posts.presenter';
import { avatarUrl, displayName, type PersonRow } from '../profiles/people';
import type { PublicPostRow, PublishedRow } from './public-posts.repo';

/** The member's own publication (POST answer and their list). */
export function presentPublicPost(row: PublicPostRow, publicOrigin: string): PublicPost {
  return {
    id: row.id,
    slug: row.slug,
    post_id: row.postId,
    created_at: row.createdAt.toISOString(),
    public_url: publicPostUrl(publicOrigin, row.slug),
    tldr: row.tldr,
  };
}

/** A published post as every visitor sees it: no viewer-specific field. */
export function presentPublishedPost(
  row: PublishedRow,
  publicOrigin: string,
  now: Date = new Date(),
): PublishedPost {
  return {
    ...presentSharedPostFields(row, { id: row.postId, createdAt: row.postCreatedAt }, now),
    slug: row.slug,
    public_url: publicPostUrl(publicOrigin, row.slug),
    published_at: row.createdAt.toISOString(),
    content_html: contentHtml(row.content),
  };
}

export function presentPublishedPosts(
  rows: PublishedRow[],
  publicOrigin: string,
  now: Date = new Date(),
): PublishedPost[] {
  return rows.map((row) => presentPublishedPost(row, publicOrigin, now));
}

export function presentPublicGroup(group: { id: string; name: string }): PublicGroup {
  return { id: group.id, name: group.name };
}

export function presentPublicProfile(person: PersonRow & { id: string }): PublicProfile {
  return {
    id: person.id,
    username: person.username,
    name: displayName(person),
    avatar: avatarUrl(person),
  };
}
