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
  shareLink: 'Share a link',
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

/** Texts of inviting people into a group and of group links (ADR 041). */
export const INVITE_TEXT = {
  title: 'Invite people',
  description: 'Find a member by name, or enter the email address of someone not on Hearth yet.',
  who: 'Name or email',
  whoHint: 'An email address sends a Hearth invitation that brings them into this group once they join.',
  matches: 'Matching members',
  noMatches: 'No member matches that name.',
  choose: '(choose)',
  change: 'Change',
  role: 'Role',
  send: 'Send invitation',
  sending: 'Sending...',
  sent: (who: string) => `Invitation sent${who ? ` to ${who}` : ''}.`,
  link: {
    title: 'Group link',
    description:
      'Anyone signed in to Hearth who has this link can join as a Poster until it expires or is used up.',
    off: 'The link is off.',
    on: (expires: string, uses: string) => `The link is on until ${expires}; ${uses}.`,
    used: (uses: number, max: number | null) =>
      max === null ? `used ${uses} ${uses === 1 ? 'time' : 'times'}` : `used ${uses} of ${max}`,
    dead: 'The link has expired or is used up: make a new one to let more people in.',
    shownOnce: 'Copy it now: for safety Hearth keeps only a fingerprint of it and cannot show it again.',
    expires: 'Expires after',
    days: (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`,
    maxUses: 'Use limit',
    maxUsesHint: 'Leave empty for no limit.',
    make: 'Make link',
    makeNew: 'Make a new link',
    replaces: 'A new link replaces the current one, which stops working.',
    url: 'Group link',
    copy: 'Copy link',
    copied: 'Link copied to clipboard!',
    turnOff: 'Turn off',
    turnedOff: 'The link is off; it no longer lets anyone in.',
  },
  join: {
    title: (name: string) => `Join ${name}`,
    description: 'You were given a link to this group. Join to see its posts and take part.',
    button: 'Join group',
    joining: 'Joining...',
    member: 'You are a member of this group.',
    open: 'Open group',
    notFoundTitle: 'This link does not work',
    notFound: 'The link is unknown, has expired, has been used up or was turned off. Ask for a new one.',
  },
} as const;

/** The welcome after joining by invitation (ADR 041). */
export const ARRIVAL_TEXT = {
  title: 'Welcome to Hearth',
  description: 'Here is where to start.',
  invitedBy: (name: string) => `${name} invited you. Here is where to start.`,
  groups: 'Groups you were invited to',
  people: 'People to follow',
  peopleOf: (name: string) => `People ${name} follows`,
  dismiss: 'Dismiss welcome',
} as const;
