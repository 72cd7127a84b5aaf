import { LIMITS } from './constants';

/** The texts of spec section 5, used by the server's 422 answers and by the add-link form alike. */
export const LINK_MESSAGES = {
  urlRequired: 'URL is required',
  urlInvalid: 'Please enter a valid URL',
  visibilityRequired: 'Visibility is required',
  commentRequired: 'Comment content is required',
  /** A link shared into a group names the group (ADR 046)… */
  groupRequired: 'is required when sharing into a group',
  /** …and only then. */
  groupOnlyWithGroup: 'can only be given when sharing into a group',
  /** The form's own check before sending. */
  groupChoose: 'Choose a group to share into',
} as const;

/** The comment a member adds to their own link (the link's `comment`). */
export const LINK_NOTE_MAX = LIMITS.postContent;
