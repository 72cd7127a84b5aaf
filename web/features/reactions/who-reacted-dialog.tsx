import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { REACTION_GLYPHS } from '@shared/domain/reactions';
import { Avatar } from '@web/components/avatar';
import { Dialog } from '@web/components/dialog';
import { RetryAlert } from '@web/components/retry-alert';
import { Spinner } from '@web/components/spinner';
import { useT } from '@web/i18n/i18n';
import { initialsOf } from '@web/lib/initials';
import { queryKeys } from '@web/lib/query-keys';
import { fetchWhoReacted, type ReactionSubject } from './api';
import { REACTION_LABEL_IDS } from './labels';

/**
 * Who reacted to a post or a comment: per emoji, its count and the most recent members (the server
 * caps the list; the rest are counted as "and N more"). Read each time it opens, so it is never
 * older than the chips. Members blocked either way are not in it (the server leaves them out).
 */
export function WhoReactedDialog({
  open,
  onOpenChange,
  subject,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subject: ReactionSubject;
}) {
  const t = useT();
  const query = useQuery({
    queryKey: queryKeys.reactions.who(subject.kind, subject.id),
    queryFn: ({ signal }) => fetchWhoReacted(subject, signal),
    enabled: open,
    staleTime: 0,
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('reactions.who.title')}>
      {query.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('reactions.who.loading')} />
        </div>
      ) : query.isError ? (
        <RetryAlert
          message={t('reactions.who.failed')}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('reactions.who.empty')}</p>
      ) : (
        <div className="space-y-4">
          {query.data.map((reaction) => (
            <section key={reaction.emoji} aria-labelledby={`who-${reaction.emoji}`}>
              <h3
                id={`who-${reaction.emoji}`}
                className="flex items-center gap-2 text-sm font-semibold text-stone-800"
              >
                <span aria-hidden="true" className="text-lg">
                  {REACTION_GLYPHS[reaction.emoji]}
                </span>
                {t(REACTION_LABEL_IDS[reaction.emoji])} · {reaction.count}
              </h3>
              <ul className="mt-2 space-y-1.5">
                {reaction.members.map((member) => (
                  <li key={member.profile_id} className="flex items-center gap-2.5">
                    <Avatar src={member.avatar} initials={initialsOf(member.name)} size="sm" />
                    <Link
                      to={`/profiles/${encodeURIComponent(member.profile_id)}`}
                      onClick={() => onOpenChange(false)}
                      className="min-w-0 truncate rounded text-sm font-medium text-stone-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                    >
                      {member.name}
                    </Link>
                    <span className="truncate text-xs text-stone-500">@{member.username}</span>
                  </li>
                ))}
              </ul>
              {reaction.count > reaction.members.length ? (
                <p className="mt-1.5 text-xs text-stone-500">
                  {t('reactions.who.more', { count: reaction.count - reaction.members.length })}
                </p>
              ) : null}
            </section>
          ))}
        </div>
      )}
    </Dialog>
  );
}
