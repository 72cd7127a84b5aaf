/** What other features may use from the profiles area (the My Profile form edits the same data). */
export { myProfileQueryOptions, removeMyAvatar, updateMyProfile, type ProfileChanges } from './api';
export { profileDisplayName } from './display-name';
export { profilePath } from './paths';
