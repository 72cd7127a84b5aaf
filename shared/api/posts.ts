import { z } from 'zod';
import { ReactionSummariesSchema } from './reactions';
import { LIMITS } from '../domain/constants';
import { PageQuerySchema, text, titleText, tooLong, uuidParam } from './fields';
import { MentionRefSchema } from './mentions';
import { NewPollSchema, PollSchema } from './polls';

/** Contracts of posts, the timeline, likes, Report and Ignore (spec sections 3 and 7). */

/** An optional id: absent, null or '' (a form's "no group" choice) all mean none. */
const optionalId = z.preprocess((value) => (value === '' ? null : value), uuidParam.nullish());

export const IdParamsSchema = z.object({ id: uuidParam });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** Markdown, kept as written (leading spaces may matter); raw HTML is skipped when rendering. */
const postContent = text()
  .max(LIMITS.postContent, tooLong(LIMITS.postContent))
  .nullish()
  .transform((value) => value ?? '');

/** A photo's description: its alt text (trimmed; blank means none yet). */
export const fileAlt = text().trim().max(LIMITS.fileAlt, tooLong(LIMITS.fileAlt));

/** Several files, in the order they are shown (ADR 048): each listed once, at most `LIMITS.postFiles`. */
const fileRequestIds = z
  .array(uuidParam, { error: 'must be a list of file ids' })
  .max(LIMITS.postFiles, { error: `can hold at most ${LIMITS.postFiles} files` })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'lists the same file more than once' });

export const CreatePostBodySchema = z.object({
  post: z
    .object({
      tldr: titleText(LIMITS.postTldr),
      content: postContent,
      group_id: optionalId,
      /** A file of this member's, uploaded, of type post_attachment (POST /api/file_requests). */
      file_request_id: optionalId,
      /** Up to 20 such files, in the order shown; the first is the one `file_url` describes. */
      file_request_ids: fileRequestIds.optional(),
      /** Alt text per file id of `file_request_ids` (or `file_request_id`); blank or absent: none yet. */
      file_alts: z.record(z.string(), text(), { error: 'must map file ids to descriptions' }).optional(),
      /** A poll the post carries, its question being the post (ADR 058); absent or null: none. */
      poll: NewPollSchema.nullish(),
      /**
       * An event of the post's group that has ended and the author went to: the post brings its
       * photos, and shows on the event's page (ADR 057).
       */
      photos_of_event_id: optionalId,
    })
    .superRefine((post, context) => {
      if (post.file_request_id && post.file_request_ids) {
        context.addIssue({
          code: 'custom',
          path: ['file_request_ids'],
          message: 'cannot be given together with file_request_id: list every file in file_request_ids',
        });
      }
      const listed = new Set(post.file_request_ids ?? (post.file_request_id ? [post.file_request_id] : []));
      const alts = Object.entries(post.file_alts ?? {});
      // Checked here, not per entry: an entry's issue would be named by its file id, not the field.
      if (alts.some(([id]) => !listed.has(id))) {
        context.addIssue({
          code: 'custom',
          path: ['file_alts'],
          message: 'describes a file the post does not list',
        });
      } else if (alts.some(([, alt]) => alt.trim().length > LIMITS.fileAlt)) {
        context.addIssue({ code: 'custom', path: ['file_alts'], message: tooLong(LIMITS.fileAlt).error });
      }
    }),
});
export type CreatePostBody = z.infer<typeof CreatePostBodySchema>;

/** PATCH /api/posts/{id}: the title and content, with the rules of create; group and file stay. */
export const UpdatePostBodySchema = z.object({
  post: z.object({ tldr: titleText(LIMITS.postTldr), content: postContent }),
});
export type UpdatePostBody = z.infer<typeof UpdatePostBodySchema>;

/** PATCH /api/posts/{id}/files/{file_id}: the author describes a photo (its alt text). */
export const UpdatePostFileBodySchema = z.object({ file: z.object({ alt: fileAlt }) });
export type UpdatePostFileBody = z.infer<typeof UpdatePostFileBodySchema>;

export const PostFileParamsSchema = z.object({ id: uuidParam, file_id: uuidParam });
export type PostFileParams = z.infer<typeof PostFileParamsSchema>;

/** One file of a post, in the order its author chose (ADR 048). */
export const PostFileSchema = z.object({
  id: z.string(),
  /** The file itself (GET /api/files/{id}). */
  url: z.string(),
  /** An image's card-sized WebP; null for other files. */
  thumbnail_url: z.string().nullable(),
  name: z.string(),
  /** Detected from the bytes; a re-encoded image is image/webp. */
  content_type: z.string().nullable(),
  /** Bytes. */
  size: z.number().int().nullable(),
  /**
   * An image's (or a read video's) size in pixels, so the page reserves its space before it loads;
   * null otherwise.
   */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The author's description of the photo (its alt text); '' until given. */
  alt: z.string(),
  /** A video's length once the worker read it (ADR 049); null otherwise. */
  duration_ms: z.number().int().nullable(),
  /** A video's poster frame (?variant=poster) once taken; null otherwise. */
  poster_url: z.string().nullable(),
  /**
   * Every WebP width a photo is kept at, narrowest first, for `srcset` (ADR 050): 480, the
   * 960 thumbnail, 1280 and the photo itself, each only when narrower than the photo. Empty for
   * other files.
   */
  sizes: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type PostFile = z.infer<typeof PostFileSchema>;

/** A post as every list and detail call returns it (spec section 3), plus abilities. */
export const PostSchema = z.object({
  id: z.string(),
  tldr: z.string(),
  content: z.string(),
  /**
   * A card's preview of `content` (its first 200 characters and an ellipsis) as HTML
   * (shared/domain/markdown-html.ts: GFM, raw HTML skipped), so that a timeline needs no Markdown
   * parser in the browser, which still applies its own link, image and mention rules to it. Empty
   * when the content is.
   */
  content_preview_html: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** "5 minutes ago". */
  time_ago: z.string(),
  /** "November 21, 2026 at 11:43 PM UTC". */
  created_at_human: z.string(),
  username: z.string(),
  /** First and last name when both exist, else the username. */
  name: z.string(),
  avatar: z.string().nullable(),
  group_name: z.string().nullable(),
  group_id: z.string().nullable(),
  /** The event this post is the timeline card of (GET /api/group_events/{id}, ADR 057); null for others. */
  event_id: z.string().nullable(),
  /** The date poll this post is the timeline card of (GET /api/date_polls/{id}, ADR 057); null for others. */
  date_poll_id: z.string().nullable(),
  /** The author's user id (GET /api/profiles/{profile_id}). */
  profile_id: z.string(),
  liked_by_current_user: z.boolean(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  /** The attachment's size in bytes (shown beside a download link). */
  file_size: z.number().int().nullable(),
  /**
   * An image attachment's size in pixels, or a video's as shown, so the page reserves its space;
   * null for other files and while a video's size is unknown.
   */
  file_width: z.number().int().nullable(),
  file_height: z.number().int().nullable(),
  /** A small preview of an image attachment, for cards. */
  thumbnail_url: z.string().nullable(),
  has_image: z.boolean(),
  /**
   * The attachment is a video (MP4, MOV, WebM, Ogg) the page can play (ADR 049). The three video
   * fields are always sent; optional so a post kept by an older client (its offline copy) still reads.
   */
  has_video: z.boolean().optional(),
  /** A video's length in milliseconds; null when not a video, not yet read, or unknown. */
  file_duration_ms: z.number().int().nullable().optional(),
  /** A video's poster frame (a WebP image); null when not a video or none could be taken. */
  file_poster_url: z.string().nullable().optional(),
  /**
   * Every file of the post in order (ADR 048); `file_url` and its neighbours describe the first.
   * The server always sends it; optional so a post kept by an older client still reads.
   */
  files: z.array(PostFileSchema).optional(),
  /** Its public address, when published (POST /api/public_posts); the owner may unpublish it. */
  published: z.object({ id: z.string(), slug: z.string(), public_url: z.string() }).nullable(),
  /** The viewer wrote it (offers Publish). */
  is_owner: z.boolean(),
  /** The viewer may delete it: the author, or the group's Owner/Moderator. */
  can_delete: z.boolean(),
  /** The viewer may publish it at a public address: the author only. */
  can_publish: z.boolean(),
  /** The viewer has hidden it with Ignore. */
  ignored: z.boolean(),
  /** The viewer may edit its title and content: the author only. */
  can_edit: z.boolean(),
  /** ISO 8601 of the last edit; null if never edited. */
  edited_at: z.string().nullable(),
  /** The members it mentions, for profile links. */
  mentions: z.array(MentionRefSchema),
  /**
   * Pinned to the top of its group by an Owner or Moderator (ADR 043). The server always sends it;
   * optional so a post kept by an older client (its offline copy) still reads as not pinned.
   */
  pinned: z.boolean().optional(),
  /** The viewer may pin or unpin it: a post in a group where they are Owner or Moderator (ADR 043). */
  can_pin: z.boolean().optional(),
  /**
   * The reactions (ADR 044): each emoji given at least once, in REACTION_EMOJI order, with its count
   * and whether the viewer gave it. The server always sends it; optional as `pinned` is.
   */
  reactions: ReactionSummariesSchema.optional(),
  /**
   * The poll it carries as the viewer sees it (ADR 058), null for none. Read with the counts, since
   * votes change it. The server always sends it; optional as `pinned` is.
   */
  poll: PollSchema.nullable().optional(),
});
export type Post = z.infer<typeof PostSchema>;

/**
 * GET /api/posts/{id}: the post with its whole content as HTML (shared/domain/markdown-html.ts, as
 * a published post's `content_html`), so its page draws it without a Markdown parser in the
 * browser, as cards draw their preview. Empty when the content is.
 */
export const PostDetailSchema = PostSchema.extend({ content_html: z.string() });
export type PostDetail = z.infer<typeof PostDetailSchema>;

export const PostListSchema = z.array(PostSchema);

/**
 * GET /api/groups/{id}/photos?after=&limit=: the photos of the group's posts the viewer may see,
 * newest post first, each post's photos in its order (ADR 048). Paged by posts (`limit` posts a
 * page); headers x-next-cursor, x-has-next-page.
 */
export const GroupPhotoSchema = PostFileSchema.extend({
  post_id: z.string(),
  post_tldr: z.string(),
  /** When the post was written (ISO 8601). */
  created_at: z.string(),
  /** Its place among the post's photos and videos, from 0: /post/{post_id}/photo/{index + 1} opens it. */
  index: z.number().int(),
});
export type GroupPhoto = z.infer<typeof GroupPhotoSchema>;
export const GroupPhotoListSchema = z.array(GroupPhotoSchema);

/** GET /api/posts?after=&group_id=&limit= ; headers x-next-cursor, x-has-next-page. */
export const TimelineQuerySchema = PageQuerySchema.extend({ group_id: optionalId });
export type TimelineQuery = z.infer<typeof TimelineQuerySchema>;

/** POST and DELETE /api/posts/{id}/likes. */
export const LikeResponseSchema = z.object({ liked: z.boolean(), likes_count: z.number().int() });
export type LikeResponse = z.infer<typeof LikeResponseSchema>;

/** POST and DELETE /api/posts/{id}/ignore. */
export const IgnoreResponseSchema = z.object({ ignored: z.boolean() });
export type IgnoreResponse = z.infer<typeof IgnoreResponseSchema>;

/** What a DELETE answers (200). */
export const DeletedResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeletedResponse = z.infer<typeof DeletedResponseSchema>;
