import { EVENT_MESSAGES } from '../../../shared/domain/gatherings';
import type { DbOrTx } from '../../db/client';
import { invalidField } from '../../http/errors';
import { canAddPhotosTo, canViewGathering } from './gatherings.policy';
import { findEventForViewer } from './gatherings.repo';

/**
 * Whether a new post may bring photos of an event (ADR 057): one the author may see (the one
 * visibility rule), has ended, they went to, and the post is in its group. Anything else is a 422
 * on `photos_of_event_id` that says the same whether the event is hidden or simply not theirs.
 */
export async function checkPhotosOfEvent(
  db: DbOrTx,
  eventId: string,
  authorId: string,
  groupId: string | null,
): Promise<void> {
  const event = await findEventForViewer(db, eventId, authorId);
  const visible = event !== null && canViewGathering(event, authorId);
  if (!visible || !canAddPhotosTo(event, new Date()) || event.groupId !== groupId) {
    throw invalidField('photos_of_event_id', EVENT_MESSAGES.notYourPhotos);
  }
}
