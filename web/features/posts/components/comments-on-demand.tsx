import { Suspense, useEffect, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { onDemand } from '@web/app/resilience/on-demand';
import { exportOf } from '@web/app/resilience/screen-loading';
import { Spinner } from '@web/components/spinner';
import { useT } from '@web/i18n/i18n';
import { afterFirstScreen } from '@web/lib/after-first-screen';

/**
 * The conversation's code (composer, replies, menus and their dialogs) comes in its own chunk once
 * the post is drawn, so a post's page paints its photos without waiting for it (issue 28).
 */
const comments = onDemand(exportOf(() => import('./comments-section'), 'CommentsSection'));

/**
 * The post page's comments, loaded after the first screen; until then, and while the code arrives,
 * the section's heading and a loading line hold its place (with its id, so /post/{id}#comments
 * scrolls to it). `now` loads them at once: a link that asks for the comments.
 */
export function CommentsOnDemand({
  postId,
  groupId,
  initialCount,
  now,
}: {
  postId: string;
  groupId: string | null;
  initialCount: number;
  now: boolean;
}) {
  const [wanted, setWanted] = useState(now);
  useEffect(() => {
    if (wanted) return;
    let cancelled = false;
    afterFirstScreen()
      .then(() => {
        if (!cancelled) setWanted(true);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [wanted]);
  if (!wanted) return <CommentsLoading count={initialCount} />;
  return (
    <Suspense fallback={<CommentsLoading count={initialCount} />}>
      <comments.Component postId={postId} groupId={groupId} initialCount={initialCount} />
    </Suspense>
  );
}

function CommentsLoading({ count }: { count: number }) {
  const t = useT();
  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-24">
      <h2
        id="comments-title"
        className="mb-3 flex items-center gap-2 text-lg font-semibold tracking-tight text-stone-900"
      >
        <MessageCircle className="size-5 text-brand-700" aria-hidden="true" />
        {t('comments.conversation.title')}
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600 tabular-nums">
          {count}
        </span>
      </h2>
      <div
        className="flex items-center justify-center gap-2 rounded-2xl border border-stone-200/80 bg-white py-10 text-sm text-stone-500 shadow-sm shadow-stone-900/5"
        role="status"
      >
        <Spinner /> {t('comments.conversation.loading')}
      </div>
    </section>
  );
}
