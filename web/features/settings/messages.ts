/** Texts of the My Profile screen (/settings). */
export const SETTINGS_TEXT = {
  title: 'My Profile',
  save: 'Save Changes',
  saving: 'Saving...',
  saved: 'Profile updated successfully!',
} as const;
