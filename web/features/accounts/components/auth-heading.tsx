import type { ReactNode } from 'react';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** Title and lead text at the top of an account card; also names the browser tab. */
export function AuthHeading({
  title,
  description,
  tabTitle,
}: {
  title: string;
  description?: ReactNode;
  tabTitle?: string;
}) {
  useDocumentTitle(tabTitle ?? title);
  return (
    <div className="mb-6 space-y-1.5 text-center">
      <h1 className="text-xl font-semibold tracking-tight text-balance text-stone-900 sm:text-2xl">
        {title}
      </h1>
      {description ? <p className="text-sm text-pretty text-stone-600">{description}</p> : null}
    </div>
  );
}

/** The line of links under an account form ("Already have an account? Sign in"). */
export function AuthFooter({ children }: { children: ReactNode }) {
  return <p className="mt-6 text-center text-sm text-stone-600">{children}</p>;
}
