/** Texts of the invitations screen fixed by the product spec (sections 2 and 8). */
export const INVITATION_TEXT = {
  createTitle: 'Create New Invitation',
  listTitle: 'Your Invitations',
  empty: "You haven't created any invitations yet.",
  redeemed: 'Invitation redeemed',
  copy: 'Copy Link',
  /** Instead of 'Copy Link' once the code is gone from the page: the server keeps only its hash. */
  sentByEmail: 'Link sent by email',
  created: 'Invitation created successfully!',
  copied: 'Invitation link copied to clipboard!',
  authRequired: 'Authentication required',
  copyFailed: 'Could not copy the invitation link. Please copy it from your invitation email instead.',
} as const;
