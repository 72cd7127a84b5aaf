export { fetchWhoReacted } from './api';
export { ReactionBar } from './reaction-bar';
