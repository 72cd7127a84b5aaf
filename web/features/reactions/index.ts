export { ReactionBar } from './reaction-bar';
