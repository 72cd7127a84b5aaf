import { useQuery } from '@tanstack/react-query';
import { Images, Inbox, Link2, LockKeyhole, Pencil, SquarePen } from 'lucide-react';
import { useParams } from 'react-router';
import type { Group } from '@shared/api/groups';
import { useAuth } from '@web/app/auth/auth-context';
import { ButtonLink } from '@web/components/button';
import { Card } from '@web/components/card';
import { EmptyState } from '@web/components/empty-state';
import { LoadingScreen } from '@web/components/loading-screen';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { groupQueryOptions } from './api';
import { CountBadge } from './components/count-badge';
import { GroupEvents } from '@web/features/gatherings';
import { GroupAvatar } from './components/group-avatar';
import { GroupLoadFailure } from './components/group-load-failure';
import { GroupTimeline } from './components/group-timeline';
import { useUnreadOnOpen } from './components/group-unread';
import { JoinGroupButton } from './components/join-group-button';
import { LeaveGroupButton } from './components/leave-group-button';
import { MemberList } from './components/member-list';
import { NotificationLevelSelect } from './components/notification-level-select';
import { PinnedPosts } from './components/pinned-posts';
import { RoleBadge } from './components/membership-badge';
import {
  editGroupPath,
  GROUP_REQUESTS_PATH,
  groupPhotosPath,
  newLinkInGroupPath,
  newPostInGroupPath,
} from './paths';
import { useT } from '@web/i18n/i18n';

/**
 * /group/{id}: the group's name, picture and description; for members its member list, its pinned
 * posts and timeline, and Leave group; Join Group for everyone else.
 */
export function GroupPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const t = useT();
  const group = useQuery(groupQueryOptions(id));
  useDocumentTitle(group.data?.name ?? t('groups.page.documentTitle'));

  if (group.isPending) return <LoadingScreen label={t('groups.page.loading')} />;
  if (group.isError) return <GroupLoadFailure group={group} />;

  const data = group.data;
  return (
    <div className="space-y-6">
      <GroupHeader group={data} />
      {data.is_member ? (
        // Keyed by group: moving to another group starts its own unread count and mark.
        <MemberSections key={data.id} group={data} currentUserId={user?.id} />
      ) : (
        <EmptyState
          icon={LockKeyhole}
          title={t('groups.page.membersOnly', { group: data.name })}
          description={
            data.request_status === 'pending' ? t('groups.page.requestWaiting') : t('groups.page.askToJoin')
          }
        />
      )}
    </div>
  );
}

/** What members see below the header; what was unread at opening is marked read at once (ADR 045). */
function MemberSections({ group, currentUserId }: { group: Group; currentUserId: string | undefined }) {
  const unreadAtOpen = useUnreadOnOpen(group);
  return (
    <>
      <MemberList group={group} currentUserId={currentUserId} />
      <GroupEvents groupId={group.id} canCreate={group.can_post} />
      <PinnedPosts groupId={group.id} />
      <GroupTimeline groupId={group.id} canPost={group.can_post} unreadAtOpen={unreadAtOpen} />
    </>
  );
}

function GroupHeader({ group }: { group: Group }) {
  const t = useT();
  const members = t('groups.members.count', { count: group.members_count });
  return (
    <Card className="overflow-hidden">
      <div
        className="h-20 bg-gradient-to-r rtl:bg-gradient-to-l from-brand-100 via-amber-50 to-rose-100 sm:h-24"
        aria-hidden="true"
      />
      <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:justify-between sm:px-6 sm:pb-6">
        <div className="min-w-0">
          <div className="relative -mt-8 w-fit">
            <GroupAvatar
              id={group.id}
              initials={group.avatar}
              picture={group.picture_url}
              size="lg"
              className="ring-4 ring-white"
            />
          </div>
          <h1 className="mt-3 text-2xl font-semibold tracking-tight break-words text-stone-900">
            {group.name}
          </h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-500">
            <span>{members}</span>
            {group.role ? <RoleBadge role={group.role} /> : null}
          </div>
          {group.description ? (
            <p className="mt-3 max-w-prose text-sm whitespace-pre-line break-words text-stone-700">
              {group.description}
            </p>
          ) : null}
          {group.is_member ? (
            <div className="mt-4">
              <NotificationLevelSelect group={group} />
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {group.can_post ? (
            <ButtonLink to={newPostInGroupPath(group.id)} size="sm">
              <SquarePen className="size-4" aria-hidden="true" />
              {t('groups.page.newPost')}
            </ButtonLink>
          ) : null}
          {group.can_post ? (
            <ButtonLink to={newLinkInGroupPath(group.id)} variant="outline" size="sm">
              <Link2 className="size-4" aria-hidden="true" />
              {t('groups.page.shareLink')}
            </ButtonLink>
          ) : null}
          {group.role ? (
            <ButtonLink to={groupPhotosPath(group.id)} variant="outline" size="sm">
              <Images className="size-4" aria-hidden="true" />
              {t('groups.page.photos')}
            </ButtonLink>
          ) : null}
          {group.can_edit ? (
            <ButtonLink to={editGroupPath(group.id)} variant="outline" size="sm">
              <Pencil className="size-4" aria-hidden="true" />
              {t('groups.page.editGroup')}
            </ButtonLink>
          ) : null}
          {group.can_answer_requests ? (
            <ButtonLink to={GROUP_REQUESTS_PATH} variant="ghost" size="sm">
              <Inbox className="size-4" aria-hidden="true" />
              {t('groups.page.requests')}
              <CountBadge count={group.pending_requests_count ?? 0} label={t('groups.page.waiting')} />
            </ButtonLink>
          ) : null}
          {group.membership_id ? (
            <LeaveGroupButton group={{ ...group, membership_id: group.membership_id }} />
          ) : null}
          {group.is_member ? null : <JoinGroupButton group={group} />}
        </div>
      </div>
    </Card>
  );
}
