/** What other features may use from the safety area: Block / Unblock (on a profile). */
export { BlockButton } from './block-button';
