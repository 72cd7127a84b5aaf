import { t } from '@web/i18n/i18n';

/**
 * The words other features show about publishing (the post options menu, /posts/new), each read in
 * the member's language at the moment it is shown: a getter, never a text kept from an earlier one.
 */
export const PUBLISH_TEXT = {
  get publish() {
    return t('published.publish.action');
  },
  get unpublish() {
    return t('published.unpublish.action');
  },
  get unpublished() {
    return t('published.unpublish.done');
  },
  get copyLink() {
    return t('published.link.copyPublic');
  },
  get linkCopied() {
    return t('published.link.publicCopied');
  },
  get copyFailed() {
    return t('published.link.copyFailed');
  },
  get createdPublic() {
    return t('published.option.createdPublic');
  },
};
