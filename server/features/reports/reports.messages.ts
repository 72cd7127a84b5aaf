/** What the report and ignore routes answer in words. */
export const REPORT_TEXT = {
  notReviewer: 'Reports are reviewed by admins and by group owners and moderators.',
  ownPost: "You can't report your own post.",
  ownComment: "You can't report your own comment.",
  ownMessage: "You can't report your own message.",
  ignoreOwnPost: "You can't hide your own post.",
  alreadyGone: 'has already been removed',
} as const;
