/**
 * The message ids of the invitations screen's texts fixed by the product spec (sections 2 and 8;
 * the English in ./messages/en.json).
 */
export const INVITATION_TEXT = {
  createTitle: 'invitations.createTitle',
  listTitle: 'invitations.listTitle',
  empty: 'invitations.empty',
  redeemed: 'invitations.redeemed',
  copy: 'invitations.copy',
  /** Instead of 'Copy Link' once the code is gone from the page: the server keeps only its hash. */
  sentByEmail: 'invitations.sentByEmail',
  created: 'invitations.created',
  copied: 'invitations.copied',
  authRequired: 'invitations.authRequired',
  copyFailed: 'invitations.copyFailed',
} as const;
