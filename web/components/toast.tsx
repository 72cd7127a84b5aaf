import { CircleCheck, CircleAlert } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** A button inside a toast, e.g. "Undo" after hiding a post. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/**
 * A short notice floating at the bottom of the screen. Pair it with `useTimedMessage` so it clears
 * itself (spec section 9: after 3 seconds). The live region stays mounted so every message is read.
 * An `action` (Undo) is a real button beside the message.
 */
export function Toast({
  message,
  variant = 'success',
  action,
}: {
  message: string | null;
  variant?: 'success' | 'error';
  action?: ToastAction | null;
}) {
  const Icon = variant === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:bottom-6"
    >
      {message ? (
        <div
          className={cn(
            'pointer-events-auto flex max-w-md animate-toast-in items-center gap-2.5 rounded-xl px-4 py-3 text-sm',
            'font-medium text-on-solid shadow-lg shadow-stone-900/20',
            variant === 'success' ? 'bg-stone-900' : 'bg-red-700',
          )}
        >
          <Icon
            className={cn('size-4 shrink-0', variant === 'success' ? 'text-emerald-400' : 'text-on-solid')}
            aria-hidden="true"
          />
          {message}
          {action ? (
            <button
              type="button"
              onClick={action.onClick}
              className="ms-1 rounded-md px-2 py-0.5 font-semibold text-brand-200 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              {action.label}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
