import type { ReactNode } from 'react';
import { FileQuestion } from 'lucide-react';
import { ApiError } from '@web/lib/api-errors';

/** The server's answer for something that is not there, or not there for this reader (404). */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.is(404);
}

/**
 * Every screen's "not found": one heading saying what is missing, one message, and the ways on
 * (`actions`). Screens show it alone, never beside a list or a second copy of the message.
 */
export function NotFoundState({
  title,
  message,
  actions,
}: {
  title: string;
  message: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white/60 px-6 py-14 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <FileQuestion className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-xl font-semibold tracking-tight text-stone-900">{title}</h1>
      <p className="mt-2 max-w-sm text-sm text-stone-600">{message}</p>
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </div>
  );
}
