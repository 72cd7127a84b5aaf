/**
 * The message ids of the feedback screen's texts fixed by the product spec (sections 2, 8 and 9;
 * the English in ./messages/en.json), and its timing.
 */
export const FEEDBACK_TEXT = {
  title: 'feedback.page.title',
  placeholder: 'feedback.page.placeholder',
  submit: 'feedback.page.submit',
  submitting: 'feedback.page.submitting',
  cancel: 'feedback.page.cancel',
  thanks: 'feedback.page.thanks',
  returnToDashboard: 'feedback.page.returnToDashboard',
  errorTitle: 'feedback.page.errorTitle',
  errorText: 'feedback.page.errorText',
} as const;

/** Spec section 9: after feedback is sent the member goes to /dashboard after 3 seconds. */
export const FEEDBACK_REDIRECT_MS = 3000;
export const FEEDBACK_TEXTAREA_ROWS = 5;
