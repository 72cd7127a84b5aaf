/**
 * Pure rules about what a member may do with a link they can see. Who may see a link at all is
 * decided in server/policies/visibility.ts (canViewLink, visibleLinksCondition), nowhere else.
 */

export interface OwnedLink {
  userId: string;
  status: 'pending' | 'processing' | 'ready' | 'failed';
  /** Null when the link has not failed, or failed before Hearth recorded whether a retry may help. */
  errorRetryable: boolean | null;
}

/** A failed reading that another try may fix: a timeout or a 5xx may pass, a 404 or a refused address will not. */
export function isRetryableFailure(link: Pick<OwnedLink, 'status' | 'errorRetryable'>): boolean {
  return link.status === 'failed' && link.errorRetryable !== false;
}

/** Only the sharer removes a link. */
export function canDeleteLink(viewerId: string, link: Pick<OwnedLink, 'userId'>): boolean {
  return link.userId === viewerId;
}

/** Only the sharer retries, and only a reading that failed in a way another try may fix. */
export function canRetryLink(viewerId: string, link: OwnedLink): boolean {
  return link.userId === viewerId && isRetryableFailure(link);
}

/** A comment goes away at the hand of its author or of the link's owner. */
export function canDeleteLinkComment(
  viewerId: string,
  comment: { userId: string },
  link: Pick<OwnedLink, 'userId'>,
): boolean {
  return comment.userId === viewerId || link.userId === viewerId;
}

/** Only its author edits a link comment. */
export function canEditLinkComment(viewerId: string, comment: { userId: string }): boolean {
  return comment.userId === viewerId;
}
