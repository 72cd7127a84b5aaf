/** What other features may use from the friends area: the follow control (e.g. on a profile). */
export { FollowButton } from './components/follow-button';
export { FRIENDS_TEXT } from './messages';
