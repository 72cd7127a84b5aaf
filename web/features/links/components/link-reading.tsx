import { BookOpen, ExternalLink } from 'lucide-react';
import type { Link } from '@shared/api/links';
import { Card } from '@web/components/card';
import { Markdown, safeUrl } from '@web/components/markdown';
import { useT } from '@web/i18n/i18n';

/**
 * The address itself. An `unsafe` link is shown as text, never as a link, so nobody follows it by a
 * slip; any other leaves in a new tab with no referrer.
 */
export function OriginalAddress({ link }: { link: Pick<Link, 'url' | 'safety_verdict'> }) {
  const t = useT();
  const href = safeUrl(link.url);
  if (link.safety_verdict === 'unsafe' || !href) {
    return (
      <p className="text-sm break-all text-stone-600">
        <span className="font-medium">{t('links.reading.address')} </span>
        <span data-testid="unsafe-address">{link.url}</span>
      </p>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="ugc nofollow noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1.5 text-sm font-medium break-all text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
    >
      <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
      {t('links.reading.open')}
    </a>
  );
}

/** The page as Hearth read it: Markdown, rendered as posts are (raw HTML skipped). */
export function ReaderView({ markdown }: { markdown: string }) {
  const t = useT();
  return (
    <section aria-labelledby="reader-title">
      <h2
        id="reader-title"
        className="mb-3 flex items-center gap-2 text-lg font-semibold tracking-tight text-stone-900"
      >
        <BookOpen className="size-5 text-brand-700" aria-hidden="true" />
        {t('links.reading.readerView')}
      </h2>
      <Card className="p-5 sm:p-7">
        <Markdown titleLevel={2}>{markdown}</Markdown>
      </Card>
    </section>
  );
}
