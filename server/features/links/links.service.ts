import type { CreateLinkBody } from '../../../shared/api/links';
import { checkLinkUrl, linkDomain, normalizeLinkUrl } from '../../../shared/domain/link-url';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { canPostInGroup } from '../../policies/group-roles';
import { canViewLink, type LinkViewerFacts } from '../../policies/visibility';
import { findGroupWithRole } from '../groups/memberships';
import { publishLiveEvent } from '../events/live-events';
import { enqueueLinkProcessing, linkAudience, retryLink } from './links.job';
import { canDeleteLink, canRetryLink } from './links.policy';
import { deleteLink, findLinkForViewer, insertLink, listEarlierShares, type LinkRow } from './links.repo';

/** How many earlier shares of the same page a new link's answer carries. */
const EARLIER_SHARES_SHOWN = 5;

/** The link, if the viewer may see it; otherwise 404, so a hidden link's existence never leaks. */
export async function loadVisibleLink(db: DbOrTx, linkId: string, viewerId: string): Promise<LinkRow> {
  const row = await findLinkForViewer(db, linkId, viewerId);
  if (!row || !canViewLink(row, viewerId, linkViewerFacts(row))) throw notFound();
  return row;
}

/** What the link rule needs to know of the viewer, as the link's row carries it. */
export function linkViewerFacts(row: LinkRow): LinkViewerFacts {
  return {
    followsOwner: row.viewerFollowsOwner,
    groupRole: row.viewerGroupRole,
    blockedWithOwner: row.viewerBlockedWithOwner,
  };
}

/** Said of `group_id` when the member may not share into that group, whether or not it exists. */
export const NOT_A_GROUP_TO_SHARE_IN = 'is not a group you can post in';

/**
 * The group a link is shared into, checked inside the link's transaction: a group the member may
 * post in (ADR 046). An unknown group, one they are not a member of and one where they may only
 * comment all get the same 422, so the answer tells an outsider nothing about the group.
 */
async function checkShareGroup(tx: DbOrTx, groupId: string, userId: string): Promise<void> {
  const group = await findGroupWithRole(tx, groupId, userId);
  if (!group || !canPostInGroup(group.role)) throw invalidField('group_id', NOT_A_GROUP_TO_SHARE_IN);
}

/**
 * Stores the link as pending and enqueues its reading in the same transaction, so a link never
 * exists without its job. A link shared into a group is checked against the member's role in that
 * group in the same transaction, and the group's open timelines hear of it. Answers its id and the earlier shares of the same page the member
 * may see.
 */
export async function createLink(context: AppContext, userId: string, input: CreateLinkBody) {
  const check = checkLinkUrl(input.url);
  // The contract has already refused such a URL; this keeps the types honest.
  if (!check.ok) throw invalidField('url', 'is invalid');
  const normalizedUrl = normalizeLinkUrl(check.url);
  const groupId = input.visibility === 'group' ? (input.group_id ?? null) : null;
  const id = await context.db.transaction(async (tx) => {
    if (groupId) await checkShareGroup(tx, groupId, userId);
    const row = await insertLink(tx, {
      userId,
      url: input.url,
      normalizedUrl,
      domain: linkDomain(check.url),
      comment: input.comment,
      visibility: input.visibility,
      groupId,
    });
    await enqueueLinkProcessing(context, row.id, { tx });
    // A group's open timelines show the new card at once (only its members hear of it).
    if (groupId)
      await publishLiveEvent(tx, linkAudience({ userId, visibility: 'group' }), {
        type: 'link.updated',
        linkId: row.id,
      });
    return row.id;
  });
  const earlier = await listEarlierShares(context.db, {
    viewerId: userId,
    normalizedUrl,
    exceptId: id,
    limit: EARLIER_SHARES_SHOWN,
  });
  return { id, earlier };
}

/** The owner asks for a failed reading to run again (403 for others who see it, 404 for the rest). */
export async function retryFailedLink(context: AppContext, linkId: string, viewerId: string) {
  const link = await loadVisibleLink(context.db, linkId, viewerId);
  if (link.userId !== viewerId) throw forbidden();
  if (link.status !== 'failed')
    throw invalidField('status', 'only a link whose reading failed can be retried');
  if (!canRetryLink(viewerId, link))
    throw invalidField(
      'status',
      'this link cannot be read by trying again: share it anew once the page is fixed',
    );
  await retryLink(context, link.id);
  return loadVisibleLink(context.db, link.id, viewerId);
}

/** The sharer removes their link, and with it Hearth's copy of its lead image. */
export async function removeLink(
  context: Pick<AppContext, 'db' | 'storage' | 'logger'>,
  linkId: string,
  viewerId: string,
) {
  const link = await loadVisibleLink(context.db, linkId, viewerId);
  if (!canDeleteLink(viewerId, link)) throw forbidden();
  await deleteLink(context.db, link.id);
  if (link.leadImageKey) {
    await context.storage.delete(link.leadImageKey).catch((error: unknown) => {
      context.logger.warn({ err: error, linkId: link.id }, 'could not delete a removed link lead image');
    });
  }
}
