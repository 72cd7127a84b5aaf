import { z } from 'zod';
import { LIMITS, LINK_VISIBILITIES } from '../domain/constants';
import { checkLinkUrl, type LinkUrlProblem } from '../domain/link-url';
import { SharedCommentFieldsSchema } from './comments';
import { optionalText, PageQuerySchema, text, tooLong, uuidParam } from './fields';
import { LINK_MESSAGES, LINK_NOTE_MAX } from '../domain/link-texts';

// Zod-free, so the web client imports them without bundling zod.
export { LINK_MESSAGES, LINK_NOTE_MAX } from '../domain/link-texts';

/** Contracts of links, their comments and likes (spec sections 3, 5 and 7). */

/** What the server says about a URL the form would accept but Hearth will not read. */
const URL_PROBLEMS: Record<LinkUrlProblem, string> = {
  blank: LINK_MESSAGES.urlRequired,
  invalid: LINK_MESSAGES.urlInvalid,
  scheme: 'must start with http:// or https://',
  credentials: 'must not contain a user name or password',
  too_long: `is too long (maximum is ${LIMITS.urlMax} characters)`,
};

/** A comment on a link. */
export const LINK_COMMENT_MAX = LIMITS.commentContent;

export const LinkIdParamsSchema = z.object({ id: uuidParam });
/** /api/links/{id}/comments/{commentId} (the spec's {linkId}/comments/{id}: one name per path segment). */
export const LinkCommentParamsSchema = z.object({ id: uuidParam, commentId: uuidParam });

/**
 * POST /api/links {url, comment, visibility, group_id}: the body is not wrapped (spec section 7).
 * `group_id` names the group a `group` link is shared into; it is required with that visibility
 * and refused with any other (ADR 046).
 */
export const CreateLinkBodySchema = z
  .object({
    url: z
      .string({ error: LINK_MESSAGES.urlRequired })
      .superRefine((value, ctx) => {
        const check = checkLinkUrl(value);
        if (!check.ok) ctx.addIssue({ code: 'custom', message: URL_PROBLEMS[check.problem] });
      })
      .pipe(text().trim()),
    comment: optionalText(LINK_NOTE_MAX),
    visibility: z.enum(LINK_VISIBILITIES, { error: LINK_MESSAGES.visibilityRequired }),
    group_id: uuidParam.nullish(),
  })
  .superRefine((body, ctx) => {
    const named = body.group_id != null;
    if (body.visibility === 'group' && !named)
      ctx.addIssue({ code: 'custom', path: ['group_id'], message: LINK_MESSAGES.groupRequired });
    if (body.visibility !== 'group' && named)
      ctx.addIssue({ code: 'custom', path: ['group_id'], message: LINK_MESSAGES.groupOnlyWithGroup });
  });
export type CreateLinkBody = z.infer<typeof CreateLinkBodySchema>;

export const LINK_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];
export const SAFETY_VERDICTS = ['safe', 'suspicious', 'unsafe', 'unknown'] as const;
export type SafetyVerdict = (typeof SAFETY_VERDICTS)[number];

/** A link as every list and detail call returns it (spec section 3), plus its reading and abilities. */
export const LinkSchema = z.object({
  id: z.string(),
  /** As the member shared it. */
  url: z.string(),
  /** The page's title once read; null before. */
  title: z.string().nullable(),
  /** The sharer's own words. */
  comment: z.string().nullable(),
  visibility: z.enum(LINK_VISIBILITIES),
  /** The group a `group` link is shared into, and its name; null for the other visibilities (ADR 046). */
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  /** One sentence. */
  sentence_summary: z.string().nullable(),
  /** Three to five sentences. */
  paragraph_summary: z.string().nullable(),
  /** The readable page as Markdown (rendered with raw HTML skipped). Lists leave it out (null). */
  markdown_content: z.string().nullable(),
  /** The host, without `www.`. */
  domain: z.string(),
  created_at: z.string(),
  created_at_human: z.string(),
  time_ago: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  profile_id: z.string(),
  liked_by_current_user: z.boolean(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  is_owner: z.boolean(),
  /** Reading progress: pending and processing show "reading…"; failed shows `error`. */
  status: z.enum(LINK_STATUSES),
  /** The step the reading is at, or failed in (fetch, extract, summarise, embed, safety). */
  step: z.string().nullable(),
  /** Why the reading failed, in words a member can read. */
  error: z.string().nullable(),
  /**
   * A failed reading another try may fix (a timeout, a 5xx answer, a network fault); false for one
   * that cannot (a 404, a refused address, a page that is not HTML) and for a link that has not failed.
   */
  retryable: z.boolean(),
  /** `unsafe` links are never linked directly; `unknown` means the check could not be made. */
  safety_verdict: z.enum(SAFETY_VERDICTS).nullable(),
  safety_reasons: z.array(z.string()),
  /** Hearth's own copy of the page's lead image (never the remote picture); null when there is none. */
  lead_image_url: z.string().nullable(),
  site_name: z.string().nullable(),
  language: z.string().nullable(),
  /** The owner may retry a failed reading that another try may fix (POST /api/links/{id}/retry). */
  can_retry: z.boolean(),
  /** The owner may delete the link. */
  can_delete: z.boolean(),
});
export type Link = z.infer<typeof LinkSchema>;

export const LinkListSchema = z.array(LinkSchema);

/**
 * A published link as a signed-out visitor sees it (GET /api/published_links…): the link's own
 * fields and the sharer's comment (published with it), without the viewer's facts and abilities.
 * Only links whose reading is done are published to visitors, so the summaries are filled in.
 */
export const PublishedLinkSchema = LinkSchema.pick({
  id: true,
  url: true,
  title: true,
  comment: true,
  sentence_summary: true,
  paragraph_summary: true,
  markdown_content: true,
  domain: true,
  created_at: true,
  created_at_human: true,
  time_ago: true,
  username: true,
  name: true,
  avatar: true,
  profile_id: true,
  likes_count: true,
  comments_count: true,
  safety_verdict: true,
  safety_reasons: true,
  lead_image_url: true,
  site_name: true,
  language: true,
});
export type PublishedLink = z.infer<typeof PublishedLinkSchema>;
export const PublishedLinkListSchema = z.array(PublishedLinkSchema);

/** GET /api/published_links?after=&limit= ; headers x-next-cursor, x-has-next-page. */
export const PublishedLinksQuerySchema = PageQuerySchema;

/**
 * GET /api/links?after=&limit=&group_id= ; headers x-next-cursor, x-has-next-page. With `group_id`,
 * the links shared into that group (its members only), as GET /api/posts?group_id= for its posts.
 */
export const LinkTimelineQuerySchema = PageQuerySchema.extend({ group_id: uuidParam.optional() });

/** POST /api/links (201): the new link's id and the earlier shares of the same page the member may see. */
export const CreateLinkResponseSchema = z.object({
  id: z.string(),
  earlier_links: LinkListSchema,
});
export type CreateLinkResponse = z.infer<typeof CreateLinkResponseSchema>;

/** POST /api/links/{id}/comments {content}: trimmed, required. */
const linkCommentContent = text(LINK_MESSAGES.commentRequired)
  .trim()
  .min(1, { error: LINK_MESSAGES.commentRequired })
  .max(LINK_COMMENT_MAX, tooLong(LINK_COMMENT_MAX));

export const CreateLinkCommentBodySchema = z.object({
  content: linkCommentContent,
  /** Replying: the comment answered. A reply to a reply joins its top-level comment. */
  parent_id: uuidParam.nullish(),
});
export type CreateLinkCommentBody = z.infer<typeof CreateLinkCommentBodySchema>;

/** PATCH /api/links/{linkId}/comments/{id} {content}: the same rules as on create. */
export const UpdateLinkCommentBodySchema = z.object({ content: linkCommentContent });
export type UpdateLinkCommentBody = z.infer<typeof UpdateLinkCommentBodySchema>;

/**
 * A comment on a link (spec section 3), without its replies: the fields of every comment, the
 * link's id (also in the route) and its likes. Its author or the link's owner may delete it.
 */
export const LinkCommentFieldsSchema = SharedCommentFieldsSchema.extend({
  link_id: z.string(),
  liked_by_current_user: z.boolean(),
  likes_count: z.number().int(),
});
export const LinkCommentSchema = LinkCommentFieldsSchema.extend({
  /** A top-level comment's first replies, oldest first. */
  replies: z.array(LinkCommentFieldsSchema),
});
export type LinkComment = z.infer<typeof LinkCommentSchema>;
export type LinkCommentFields = z.infer<typeof LinkCommentFieldsSchema>;

/**
 * GET /api/links/{id}/comments?after=&limit= : top-level comments oldest first with their first
 * replies; GET /api/links/{id}/comments/{commentId}/replies pages the rest. Cursor headers as timelines.
 */
export const LinkCommentListSchema = z.array(LinkCommentSchema);
