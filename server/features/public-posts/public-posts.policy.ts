/**
 * Pure rules of publishing. Who may publish a post is posts.policy's `canPublishPost` (its author);
 * who may see a published post needs no rule: everyone (ARCHITECTURE.md "Who sees what").
 */

export { isPostIdShaped as isPostId } from '../../../shared/domain/slug';

/** Only the member who published a post may unpublish it. */
export function canUnpublish(viewerId: string, publication: { userId: string }): boolean {
  return publication.userId === viewerId;
}
