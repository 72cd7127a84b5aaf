import type { ReactNode } from 'react';
import { useT } from '@web/i18n/i18n';
import { publishedErrorText } from '../errors';

/**
 * The heading of a group's or a member's published posts: their picture and name once known; a
 * grey bar while loading; a quiet line when they cannot be shown (the list below says the rest).
 */
export function ExploreHeading({
  query,
  title,
  leading,
  description,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  title: string | undefined;
  leading: ReactNode;
  description?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mb-6 flex items-center gap-4">
      {leading}
      <div className="min-w-0 flex-1">
        {query.isPending ? (
          <div
            className="h-7 w-48 animate-pulse rounded bg-stone-200"
            role="status"
            aria-label={t('explore.heading.loading')}
          />
        ) : (
          <h1 className="truncate text-2xl font-semibold tracking-tight text-stone-900">
            {title ?? t('explore.page.title')}
          </h1>
        )}
        {query.isError ? (
          <p className="mt-1 text-sm text-stone-500">{publishedErrorText(query.error)}</p>
        ) : description ? (
          <p className="mt-1 text-sm text-stone-600">{description}</p>
        ) : null}
      </div>
    </div>
  );
}
