/** Texts of the groups screens; those fixed by the product spec (sections 2, 4 and 8) are marked. */
export const GROUP_TEXT = {
  /** Spec: the empty groups list. */
  empty: 'No groups found',
  /** Spec section 4: a 401 from the groups list. */
  authRequired: 'Authentication required',
  newGroup: 'New group',
  join: 'Join Group',
  joining: 'Sending request...',
  pending: 'Request pending',
  editGroup: 'Edit Group',
  newPost: 'New post',
  create: {
    /** Spec section 8. */
    retryName: 'Could not create group. Please try again with a different name.',
    /** Spec section 8. */
    failed: 'An error occurred. Please try again later.',
    submit: 'Create Group',
    busy: 'Creating...',
  },
  edit: {
    update: 'Update Group',
    updating: 'Updating...',
    updateRole: 'Update Role',
    remove: 'Remove',
    roleChangedTitle: 'Role changed',
    roleChangedBody: 'Role was changed',
    dismiss: 'Dismiss',
    members: 'Members',
    requests: 'Requests to Join',
    noRequests: 'No one is waiting to join.',
    noMembers: 'This group has no members.',
  },
  requests: {
    title: 'Group Requests',
    empty: 'No requests to answer',
    accept: 'Accept',
    reject: 'Reject',
  },
} as const;

/** Spec section 8: a group that fails to load. */
export function loadFailure(message: string): string {
  return `An error has occurred: ${message}`;
}
