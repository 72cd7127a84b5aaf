import { MessageSquareHeart } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminFeedback } from '@shared/api/feedback';
import { Avatar } from '@web/components/avatar';
import { EmptyState } from '@web/components/empty-state';
import { useT } from '@web/i18n/i18n';
import { initialsOf } from '@web/lib/initials';
import { PagedListState, type PagedQuery } from '@web/components/paged-list-state';
import { Time } from '@web/components/time';

/** Members' feedback, newest first. */
export function FeedbackList({ query }: { query: PagedQuery<AdminFeedback> }) {
  const t = useT();
  return (
    <PagedListState query={query} loadingLabel={t('admin.feedback.loading')}>
      {(items) =>
        items.length === 0 ? (
          <EmptyState
            icon={MessageSquareHeart}
            title={t('admin.feedback.emptyTitle')}
            description={t('admin.feedback.emptyDescription')}
          />
        ) : (
          <ul className="space-y-3">
            {items.map((feedback) => (
              <FeedbackItem key={feedback.id} feedback={feedback} />
            ))}
          </ul>
        )
      }
    </PagedListState>
  );
}

function FeedbackItem({ feedback }: { feedback: AdminFeedback }) {
  const t = useT();
  const name = feedback.name ?? feedback.username ?? t('admin.feedback.formerMember');
  return (
    <li className="rounded-2xl border border-stone-200/80 bg-white p-4 shadow-sm shadow-stone-900/5 sm:p-5">
      <div className="flex items-center gap-3">
        <Avatar src={feedback.avatar} initials={initialsOf(name)} size="sm" />
        <p className="min-w-0 flex-1 text-sm">
          {feedback.user_id ? (
            <Link
              to={`/profiles/${encodeURIComponent(feedback.user_id)}`}
              className="font-semibold text-stone-900 hover:underline"
            >
              {name}
            </Link>
          ) : (
            <span className="font-semibold text-stone-900">{name}</span>
          )}
          {feedback.username ? <span className="text-stone-500"> @{feedback.username}</span> : null}
        </p>
        <Time value={feedback.created_at} className="shrink-0 text-xs text-stone-500" />
      </div>
      <p className="mt-3 text-[15px] leading-relaxed whitespace-pre-wrap text-stone-800 break-words">
        {feedback.content}
      </p>
    </li>
  );
}
