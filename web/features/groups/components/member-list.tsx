import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { UserMinus, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import type { Group, GroupMember } from '@shared/api/groups';
import { GROUP_ROLES, type GroupRole } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Dialog } from '@web/components/dialog';
import { EmptyState } from '@web/components/empty-state';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { Toast } from '@web/components/toast';
import { errorMessage } from '@web/lib/api-errors';
import { initialsOf } from '@web/lib/initials';
import { flattenPages } from '@web/lib/pagination';
import { useInfiniteScroll } from '@web/lib/use-infinite-scroll';
import { useTimedMessage } from '@web/lib/use-timed-message';
import { groupMembersPagesQueryOptions } from '../api';
import { loadFailure } from '../load-failure';
import { RoleBadge } from './membership-badge';
import { type RoleChange, useMemberActions } from './member-actions';
import { useT } from '@web/i18n/i18n';
import { roleLabel } from '../role-labels';

/**
 * The group page's member list, for every member: who belongs, with their role and when they
 * joined. Where the server says the viewer may (`assignable_roles`, `can_remove`), a role select
 * applies the change at once (demoting an Owner asks first) and Remove takes a member out.
 */
export function MemberList({ group, currentUserId }: { group: Group; currentUserId: string | undefined }) {
  const t = useT();
  const members = useInfiniteQuery(groupMembersPagesQueryOptions(group.id));
  const toast = useTimedMessage();
  const [confirming, setConfirming] = useState<RoleChange | null>(null);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const { changeRole, remove, refresh, refusals, busyId } = useMemberActions(group, {
    roleChanged: async (member) => {
      toast.show(t('groups.members.roleChanged', { name: member.name, role: member.role }));
      await refresh();
    },
    removed: async (member) => {
      toast.show(t('groups.members.removed', { name: member.name, group: group.name }));
      await refresh();
    },
    settled: () => {
      setConfirming(null);
      setRemoving(null);
    },
  });

  const choose = (member: GroupMember, role: GroupRole) => {
    if (role === member.role) return;
    if (member.role === 'Owner') setConfirming({ member, role });
    else changeRole.mutate({ member, role });
  };

  const loadMore = () => {
    if (members.hasNextPage && !members.isFetchingNextPage) void members.fetchNextPage();
  };
  const endRef = useInfiniteScroll(loadMore, members.hasNextPage && !members.isFetchingNextPage);
  const list = flattenPages(members.data);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('groups.members.title')}</CardTitle>
        <CardDescription>{t('groups.members.count', { count: group.members_count })}</CardDescription>
      </CardHeader>
      <CardBody className="pt-2 sm:pt-3">
        {members.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-sm text-stone-500" role="status">
            <Spinner /> {t('groups.members.loading')}
          </div>
        ) : members.isError ? (
          <Alert>{loadFailure(errorMessage(members.error))}</Alert>
        ) : list.length === 0 ? (
          <EmptyState icon={UsersRound} title={t('groups.members.empty')} />
        ) : (
          <ul className="-my-1 divide-y divide-stone-100" aria-label={t('groups.members.title')}>
            {list.map((member) => (
              <MemberItem
                key={member.id}
                member={member}
                isSelf={member.user_id === currentUserId}
                busy={busyId === member.id}
                refusal={refusals[member.id] ?? null}
                onChoose={(role) => choose(member, role)}
                onRemove={() => setRemoving(member)}
              />
            ))}
          </ul>
        )}
        {members.hasNextPage ? (
          <div ref={endRef} className="mt-3 flex justify-center">
            <Button variant="outline" size="sm" busy={members.isFetchingNextPage} onClick={loadMore}>
              {members.isFetchingNextPage ? t('groups.members.loadingMore') : t('groups.members.loadMore')}
            </Button>
          </div>
        ) : null}
      </CardBody>

      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        dismissible={!changeRole.isPending}
        title={
          confirming
            ? t('groups.members.confirmRole', { name: confirming.member.name, role: confirming.role })
            : t('groups.members.changeRole')
        }
        description={
          confirming?.member.user_id === currentUserId
            ? t('groups.members.youStopManaging')
            : t('groups.members.theyStopManaging')
        }
      >
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={changeRole.isPending} onClick={() => setConfirming(null)}>
            {t('groups.members.cancel')}
          </Button>
          <Button
            variant="danger"
            busy={changeRole.isPending}
            onClick={() => (confirming ? changeRole.mutate(confirming) : undefined)}
          >
            {t('groups.members.changeRole')}
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        dismissible={!remove.isPending}
        title={
          removing ? t('groups.members.removeTitle', { name: removing.name }) : t('groups.members.remove')
        }
        description={t('groups.members.removeDescription', { group: group.name })}
      >
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={remove.isPending} onClick={() => setRemoving(null)}>
            {t('groups.members.cancel')}
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() => (removing ? remove.mutate(removing) : undefined)}
          >
            {t('groups.members.remove')}
          </Button>
        </div>
      </Dialog>
      <Toast message={toast.message} />
    </Card>
  );
}

function MemberItem({
  member,
  isSelf,
  busy,
  refusal,
  onChoose,
  onRemove,
}: {
  member: GroupMember;
  isSelf: boolean;
  busy: boolean;
  refusal: string | null;
  onChoose: (role: GroupRole) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const choices = GROUP_ROLES.filter(
    (role) => role === member.role || member.assignable_roles.includes(role),
  );
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-1 basis-52 items-center gap-3">
          <Avatar src={member.avatar} initials={initialsOf(member.name)} />
          <div className="min-w-0">
            <p className="truncate">
              <Link
                to={`/profiles/${member.profile_id}`}
                className="font-medium text-stone-900 hover:underline focus-visible:underline focus-visible:outline-none"
              >
                {member.name}
              </Link>
              {isSelf ? (
                <span className="ms-1.5 text-xs font-medium text-stone-500">{t('groups.members.you')}</span>
              ) : null}
            </p>
            <p className="truncate text-sm text-stone-500">
              {t('groups.members.joined', { username: member.username, date: member.joined_at_human })}
            </p>
          </div>
        </div>
        <div className="ms-12 flex items-center gap-2 sm:ms-0">
          {choices.length > 1 ? (
            <Select
              aria-label={t('groups.members.roleOf', { name: member.name })}
              value={member.role}
              disabled={busy}
              onChange={(event) => onChoose(event.target.value as GroupRole)}
              className="h-9 text-sm"
              wrapperClassName="w-36"
            >
              {choices.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </Select>
          ) : (
            <RoleBadge role={member.role} />
          )}
          {member.can_remove && !isSelf ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={onRemove}
              aria-label={t('groups.members.removeName', { name: member.name })}
            >
              <UserMinus className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">{t('groups.members.remove')}</span>
            </Button>
          ) : null}
          {busy ? <Spinner label={t('groups.members.saving')} /> : null}
        </div>
      </div>
      {refusal ? (
        <p role="alert" className="mt-2 text-sm text-red-700 sm:text-end">
          {refusal}
        </p>
      ) : null}
    </li>
  );
}
