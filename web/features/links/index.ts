/**
 * What other features may use from the links area: the explore pages show published links to
 * visitors with the same pieces members see (lead image, safety verdict, sharer's words, reader view).
 */
export { LeadImage } from './components/lead-image';
export { OriginalAddress, ReaderView } from './components/link-reading';
export { SafetyNotice } from './components/link-status';
export { SharerComment } from './components/sharer-comment';
export { LinkCard, linkPath } from './components/link-card';
export { fetchGroupLinkPage } from './api';
export { commentPreview } from './messages';
