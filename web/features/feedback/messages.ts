/** Texts and timing of the feedback screen fixed by the product spec (sections 2, 8 and 9). */
export const FEEDBACK_TEXT = {
  title: 'Share Your Feedback',
  placeholder: "Tell us what's on your mind...",
  submit: 'Submit Feedback',
  submitting: 'Submitting...',
  cancel: 'Cancel',
  thanks: 'Thank You for Your Feedback!',
  returnToDashboard: 'Return to Dashboard',
  errorTitle: 'Error Submitting Feedback',
  errorText: 'There was an error submitting your feedback. Please try again.',
} as const;

/** Spec section 9: after feedback is sent the member goes to /dashboard after 3 seconds. */
export const FEEDBACK_REDIRECT_MS = 3000;
export const FEEDBACK_TEXTAREA_ROWS = 5;
