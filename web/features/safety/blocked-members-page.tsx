import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import type { BlockedMember } from '@shared/api/blocks';
import { Alert } from '@web/components/alert';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { PagedListState } from '@web/components/paged-list-state';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { initialsOf } from '@web/lib/initials';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { blockedMembersPaging, safetyKeys, unblockMember } from './api';
import { SettingsBackLink } from './settings-back-link';

/** /settings/blocked: the members this member blocked, newest first, each with Unblock. */
export function BlockedMembersPage() {
  const t = useT();
  useDocumentTitle(t('safety.blocked.title'));
  const query = useInfiniteQuery({ queryKey: safetyKeys.blocked(), ...blockedMembersPaging() });
  return (
    <>
      <SettingsBackLink />
      <PageHeader title={t('safety.blocked.title')} description={t('safety.blocked.description')} />
      <PagedListState query={query} loadingLabel={t('safety.blocked.loading')}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              icon={Ban}
              title={t('safety.blocked.emptyTitle')}
              description={t('safety.blocked.emptyDescription')}
            />
          ) : (
            <ul className="divide-y divide-stone-100 rounded-2xl border border-stone-200/80 bg-white shadow-sm shadow-stone-900/5">
              {items.map((member) => (
                <BlockedMemberItem key={member.user_id} member={member} />
              ))}
            </ul>
          )
        }
      </PagedListState>
    </>
  );
}

function BlockedMemberItem({ member }: { member: BlockedMember }) {
  const t = useT();
  const queryClient = useQueryClient();
  const unblock = useMutation({
    mutationFn: () => unblockMember(member.user_id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: safetyKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
    },
  });
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-5">
      <Avatar src={member.avatar} initials={initialsOf(member.name)} size="sm" />
      <div className="min-w-0 flex-1">
        <Link
          to={`/profiles/${encodeURIComponent(member.user_id)}`}
          className="font-medium text-stone-900 hover:underline"
        >
          {member.name}
        </Link>
        <p className="text-sm text-stone-500">@{member.username}</p>
        {unblock.isError ? <Alert className="mt-2">{errorMessage(unblock.error)}</Alert> : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        busy={unblock.isPending}
        onClick={() => unblock.mutate()}
        aria-label={t('safety.blocked.unblockName', { name: member.name })}
      >
        {t('safety.block.unblock')}
      </Button>
    </li>
  );
}
