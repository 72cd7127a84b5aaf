import { useState } from 'react';
import type { Link } from '@shared/api/links';
import { isExternalUrl } from '@web/lib/external-url';
import { cn } from '@web/lib/cn';

/**
 * The page's lead image, as Hearth serves its own re-encoded copy (`lead_image_url` is Hearth's
 * address, never the remote one). A remote address would tell a third party who reads the link and
 * when, and the content security policy allows images from Hearth only, so one is never loaded.
 * The box has a fixed aspect ratio, so the layout does not jump while the image loads. `small` is
 * the card's thumbnail, `large` the detail page's banner.
 */
export function LeadImage({
  link,
  size,
  className,
}: {
  link: Pick<Link, 'lead_image_url' | 'title'>;
  size: 'small' | 'large';
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!link.lead_image_url || failed || isExternalUrl(link.lead_image_url)) return null;
  return (
    <div
      className={cn(
        'overflow-hidden bg-stone-100',
        size === 'small'
          ? 'aspect-[4/3] w-24 shrink-0 rounded-lg sm:w-32'
          : 'aspect-[1.91/1] w-full rounded-xl',
        className,
      )}
    >
      <img
        src={link.lead_image_url}
        alt={link.title ?? ''}
        loading={size === 'small' ? 'lazy' : undefined}
        onError={() => setFailed(true)}
        className="size-full object-cover"
      />
    </div>
  );
}
