/**
 * What other features may use from publishing: the Publish and Unpublish dialogs (the post options
 * menu), the Public option of /posts/new, and copying a public link.
 */
export { PublishDialog, PublishedLink } from './publish-dialog';
export { UnpublishDialog } from './unpublish-dialog';
export { PublicPostOption, usePublicPostOption, type PublicPostOptionState } from './public-post-option';
export { PUBLISH_TEXT } from './publish-text';
