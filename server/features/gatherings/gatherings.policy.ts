import { canPostInGroup, type MaybeRole } from '../../policies/group-roles';
import { canViewEvent, type EventScope } from '../../policies/visibility';

/**
 * What each member may do with a gathering (ADR 057); who may see one is the visibility policy's
 * (canViewEvent). Pure, so routes, services and presenters agree.
 */

/**
 * The event rule (canViewEvent) on an event or a date poll as the repositories read it, with the
 * viewer's facts beside its columns (gatheringViewerFields): a poll is seen by whoever would see
 * the event it plans.
 */
export const canViewGathering = (
  row: EventScope & { viewerRole: MaybeRole; followsOrganizer: boolean; blockedWithOrganizer: boolean },
  viewerId: string,
) =>
  canViewEvent(row, viewerId, {
    groupRole: row.viewerRole,
    followsOrganizer: row.followsOrganizer,
    blockedWithOrganizer: row.blockedWithOrganizer,
  });

/** A member creates an event in a group where they may post; without a group, always (their followers'). */
export const canCreateEventIn = (groupId: string | null, role: MaybeRole) =>
  groupId === null || canPostInGroup(role);

/** The organiser edits and cancels their event. */
export const canEditEvent = (viewerId: string, event: { organizerId: string }) =>
  event.organizerId === viewerId;

/**
 * Whether `guests` more people fit beside those holding places: always without a capacity.
 * `taken` counts the places held, the answerer's own excluded.
 */
export const fitsCapacity = (capacity: number | null, taken: number, people: number) =>
  capacity === null || taken + people <= capacity;

/**
 * Afterwards (ADR 057): a member who went (going with a place) adds photos to an event of a group
 * once it has ended, as posts of that group. A cancelled event had nobody there.
 */
export const canAddPhotosTo = (
  event: {
    groupId: string | null;
    endsAt: Date;
    cancelledAt: Date | null;
    myStatus: string | null;
    myWaitlisted: boolean | null;
  },
  now: Date,
) =>
  event.groupId !== null &&
  event.cancelledAt === null &&
  event.endsAt <= now &&
  event.myStatus === 'going' &&
  event.myWaitlisted === false;
