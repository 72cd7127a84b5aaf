/** Texts of the My Profile screen (/settings). */
export const SETTINGS_TEXT = {
  title: 'My Profile',
  save: 'Save Changes',
  saving: 'Saving...',
  saved: 'Profile updated successfully!',
  changePicture: 'Change picture',
  removePicture: 'Remove picture',
  pictureSaving: 'Updating your picture…',
  pictureUpdated: 'Profile picture updated.',
  pictureRemoved: 'Profile picture removed.',
  pictureCancelled: 'Upload cancelled. Your picture is unchanged.',
  pictureUploadFailed: (reason: string) => `Couldn't change your picture. ${reason}`,
  pictureRemoveFailed: "Couldn't remove your picture. Please try again.",
} as const;
