import { useEffect } from 'react';
import { APP_NAME } from '@shared/domain/constants';

/** Sets the tab title to "{title} · Hearth" while the screen is shown. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
