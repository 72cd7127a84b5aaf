import type { ReactNode } from 'react';
import { useT } from '@web/i18n/i18n';
import { Alert } from './alert';
import { Button } from './button';

/** Something that failed to load: the message, then Try Again (busy while `retrying`). */
export function RetryAlert({
  message,
  retrying,
  onRetry,
}: {
  message: ReactNode;
  retrying: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <Alert>
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-3" busy={retrying} onClick={onRetry}>
        {t('components.pagedList.tryAgain')}
      </Button>
    </Alert>
  );
}
