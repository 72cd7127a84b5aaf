import type { ReactNode } from 'react';
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
  return (
    <Alert>
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-3" busy={retrying} onClick={onRetry}>
        Try Again
      </Button>
    </Alert>
  );
}
