import type { Link, PublishedLink } from '../../../shared/api/links';
import { createdAtFields } from '../../../shared/domain/time';
import { presentAuthor } from '../profiles/people';
import { canDeleteLink, canRetryLink, isRetryableFailure } from './links.policy';
import type { LinkRow, PublishedLinkRow } from './links.repo';

/** Where Hearth serves its copy of a link's lead image: members and visitors have their own address. */
export function leadImagePath(linkId: string, audience: 'members' | 'visitors'): string {
  return audience === 'members'
    ? `/api/links/${linkId}/lead_image`
    : `/api/published_links/${linkId}/lead_image`;
}

/** A link row → the API's link, with the viewer's abilities. Never a raw row. */
export function presentLink(row: LinkRow, viewerId: string, now: Date = new Date()): Link {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    comment: row.comment,
    visibility: row.visibility,
    group_id: row.groupId,
    group_name: row.groupName,
    sentence_summary: row.sentenceSummary,
    paragraph_summary: row.paragraphSummary,
    markdown_content: row.markdownContent,
    domain: row.domain,
    ...createdAtFields(row.createdAt, now),
    ...presentAuthor(row),
    liked_by_current_user: row.likedByViewer,
    likes_count: row.likesCount,
    comments_count: row.commentsCount,
    is_owner: row.userId === viewerId,
    status: row.status,
    step: row.step,
    error: row.error,
    retryable: isRetryableFailure(row),
    safety_verdict: row.safetyVerdict,
    safety_reasons: row.safetyReasons ?? [],
    lead_image_url: row.leadImageKey ? leadImagePath(row.id, 'members') : null,
    site_name: row.siteName,
    language: row.language,
    can_retry: canRetryLink(viewerId, row),
    can_delete: canDeleteLink(viewerId, row),
  };
}

export function presentLinks(rows: LinkRow[], viewerId: string): Link[] {
  const now = new Date();
  return rows.map((row) => presentLink(row, viewerId, now));
}

/** A published link as every visitor sees it: no viewer-specific field. */
export function presentPublishedLink(row: PublishedLinkRow, now: Date = new Date()): PublishedLink {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    comment: row.comment,
    sentence_summary: row.sentenceSummary,
    paragraph_summary: row.paragraphSummary,
    markdown_content: row.markdownContent,
    domain: row.domain,
    ...createdAtFields(row.createdAt, now),
    ...presentAuthor(row),
    likes_count: row.likesCount,
    comments_count: row.commentsCount,
    safety_verdict: row.safetyVerdict,
    safety_reasons: row.safetyReasons ?? [],
    lead_image_url: row.leadImageKey ? leadImagePath(row.id, 'visitors') : null,
    site_name: row.siteName,
    language: row.language,
  };
}

export function presentPublishedLinks(rows: PublishedLinkRow[]): PublishedLink[] {
  const now = new Date();
  return rows.map((row) => presentPublishedLink(row, now));
}
