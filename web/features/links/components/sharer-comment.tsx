import type { Link } from '@shared/api/links';
import { Markdown } from '@web/components/markdown';

/**
 * The sharer's words. Markdown as everywhere, except on an unsafe link: there the text stays plain,
 * so an address written in it never becomes a link.
 */
export function SharerComment({
  link,
  preview,
}: {
  link: Pick<Link, 'comment' | 'safety_verdict'>;
  /** A card's cut of the comment (200 characters and an ellipsis). */
  preview?: string;
}) {
  const text = preview ?? link.comment ?? '';
  const className = 'border-s-2 border-brand-200 ps-3 text-stone-700';
  if (link.safety_verdict === 'unsafe') return <p className={`${className} whitespace-pre-wrap`}>{text}</p>;
  return (
    <Markdown variant={preview ? 'preview' : 'full'} className={className}>
      {text}
    </Markdown>
  );
}
