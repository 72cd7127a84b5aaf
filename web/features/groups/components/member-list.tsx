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
import { loadFailure } from '../messages';
import { RoleBadge } from './membership-badge';
import { type RoleChange, useMemberActions } from './member-actions';

const article = (role: GroupRole) => (/^[AEIOU]/.test(role) ? 'an' : 'a');

/**
 * The group page's member list, for every member: who belongs, with their role and when they
 * joined. Where the server says the viewer may (`assignable_roles`, `can_remove`), a role select
 * applies the change at once (demoting an Owner asks first) and Remove takes a member out.
 */
export function MemberList({ group, currentUserId }: { group: Group; currentUserId: string | undefined }) {
  const members = useInfiniteQuery(groupMembersPagesQueryOptions(group.id));
  const toast = useTimedMessage();
  const [confirming, setConfirming] = useState<RoleChange | null>(null);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const { changeRole, remove, refresh, refusals, busyId } = useMemberActions(group, {
    roleChanged: async (member) => {
      toast.show(`${member.name} is now ${article(member.role)} ${member.role}.`);
      await refresh();
    },
    removed: async (member) => {
      toast.show(`${member.name} was removed from ${group.name}.`);
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
  const count = group.members_count === 1 ? '1 member' : `${group.members_count} members`;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>{count}</CardDescription>
      </CardHeader>
      <CardBody className="pt-2 sm:pt-3">
        {members.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-sm text-stone-500" role="status">
            <Spinner /> Loading members…
          </div>
        ) : members.isError ? (
          <Alert>{loadFailure(errorMessage(members.error))}</Alert>
        ) : list.length === 0 ? (
          <EmptyState icon={UsersRound} title="This group has no members." />
        ) : (
          <ul className="-my-1 divide-y divide-stone-100" aria-label="Members">
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
              {members.isFetchingNextPage ? 'Loading more members…' : 'Load More'}
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
            ? `Make ${confirming.member.name} ${article(confirming.role)} ${confirming.role}?`
            : 'Change role'
        }
        description={
          confirming?.member.user_id === currentUserId
            ? 'You will no longer manage this group.'
            : 'They will no longer manage this group.'
        }
      >
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={changeRole.isPending} onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={changeRole.isPending}
            onClick={() => (confirming ? changeRole.mutate(confirming) : undefined)}
          >
            Change role
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        dismissible={!remove.isPending}
        title={removing ? `Remove ${removing.name}?` : 'Remove'}
        description={`They will no longer see the posts of ${group.name}. They can ask to join again.`}
      >
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" disabled={remove.isPending} onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() => (removing ? remove.mutate(removing) : undefined)}
          >
            Remove
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
              {isSelf ? <span className="ml-1.5 text-xs font-medium text-stone-500">(you)</span> : null}
            </p>
            <p className="truncate text-sm text-stone-500">
              @{member.username} · Joined {member.joined_at_human}
            </p>
          </div>
        </div>
        <div className="ml-12 flex items-center gap-2 sm:ml-0">
          {choices.length > 1 ? (
            <Select
              aria-label={`Role of ${member.name}`}
              value={member.role}
              disabled={busy}
              onChange={(event) => onChoose(event.target.value as GroupRole)}
              className="h-9 text-sm"
              wrapperClassName="w-36"
            >
              {choices.map((role) => (
                <option key={role} value={role}>
                  {role}
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
              aria-label={`Remove ${member.name}`}
            >
              <UserMinus className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">Remove</span>
            </Button>
          ) : null}
          {busy ? <Spinner label="Saving" /> : null}
        </div>
      </div>
      {refusal ? (
        <p role="alert" className="mt-2 text-sm text-red-700 sm:text-right">
          {refusal}
        </p>
      ) : null}
    </li>
  );
}
