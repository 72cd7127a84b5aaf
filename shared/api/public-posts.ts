import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import { slugProblem } from '../domain/slug';
import { BLANK, PageQuerySchema, text, tooLong, uuidParam } from './fields';
import { PostSchema } from './posts';

/** Contracts of publishing and the public face (spec sections 2, 3, 7 and 9). */

/** The slug rule of shared/domain/slug.ts (the web app checks it too, without zod). */
export const slugField = text("can't be blank")
  .trim()
  .superRefine((slug, context) => {
    const problem = slugProblem(slug);
    if (problem) context.addIssue({ code: 'custom', message: problem, abort: true });
  });

/** POST /api/public_posts. */
export const CreatePublicPostBodySchema = z.object({
  public_post: z.object({ post_id: uuidParam, slug: slugField }),
});
export type CreatePublicPostBody = z.infer<typeof CreatePublicPostBodySchema>;

/** The member's own published post (POST answer and GET /api/public_posts items). */
export const PublicPostSchema = z.object({
  id: z.string(),
  slug: z.string(),
  post_id: z.string(),
  created_at: z.string(),
  /** {PUBLIC_ORIGIN}/explore/post/{slug} */
  public_url: z.string(),
  /** The post's title, so the list reads well. */
  tldr: z.string(),
});
export type PublicPost = z.infer<typeof PublicPostSchema>;
export const PublicPostListSchema = z.array(PublicPostSchema);

/**
 * A published post as visitors see it (spec section 3 "Published post"), plus its address: the
 * post's own fields less the viewer's (like, abilities, Ignore) and its member-side `published`.
 */
export const PublishedPostSchema = PostSchema.pick({
  id: true,
  tldr: true,
  content: true,
  content_preview_html: true,
  created_at: true,
  created_at_human: true,
  time_ago: true,
  username: true,
  name: true,
  avatar: true,
  group_name: true,
  group_id: true,
  profile_id: true,
  likes_count: true,
  comments_count: true,
  file_url: true,
  file_name: true,
  file_size: true,
  file_width: true,
  file_height: true,
  thumbnail_url: true,
  has_image: true,
  has_video: true,
  file_duration_ms: true,
  file_poster_url: true,
  files: true,
}).extend({
  slug: z.string(),
  public_url: z.string(),
  /** When it was published (the feed's order); `created_at` is when the post was written. */
  published_at: z.string(),
  /**
   * `content` as HTML (shared/domain/markdown-html.ts: GFM, raw HTML skipped), so a visitor's
   * browser needs no Markdown parser; it still applies its own link and image rules to it.
   */
  content_html: z.string(),
});
export type PublishedPost = z.infer<typeof PublishedPostSchema>;
export const PublishedPostListSchema = z.array(PublishedPostSchema);

/** GET /api/published_posts?after=&limit=&group_id=&profile_id= (the feed uses limit=1). */
export const PublishedQuerySchema = PageQuerySchema.extend({
  group_id: uuidParam.optional(),
  profile_id: uuidParam.optional(),
});
export type PublishedQuery = z.infer<typeof PublishedQuerySchema>;

/** GET /api/published_posts/{id}: a post id or a slug. */
export const PublishedPostParamsSchema = z.object({
  id: text(BLANK).trim().min(1, { error: BLANK }).max(LIMITS.slugMax, tooLong(LIMITS.slugMax)),
});

/** GET /api/explore/groups/{id} and /api/explore/profiles/{id}: what a visitor may know. */
export const PublicGroupSchema = z.object({ id: z.string(), name: z.string() });
export type PublicGroup = z.infer<typeof PublicGroupSchema>;
export const PublicProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;
