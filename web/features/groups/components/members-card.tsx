import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Group, GroupMember } from '@shared/api/groups';
import type { GroupRole } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Dialog } from '@web/components/dialog';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { errorMessage } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { groupMembersQueryOptions } from '../api';
import { loadFailure } from '../load-failure';
import { groupPath } from '../paths';
import { useMemberActions } from './member-actions';
import { MemberRow } from './member-row';
import { useT } from '@web/i18n/i18n';

/**
 * Members of the group with their roles (spec: group edit). Role updates and removals are logged
 * when they fail (spec section 8); a refusal is also shown on the member's row.
 */
export function MembersCard({ group, currentUserId }: { group: Group; currentUserId: string | undefined }) {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const members = useQuery(groupMembersQueryOptions(group.id));
  const [roleChanged, setRoleChanged] = useState(false);
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const { changeRole, remove, refresh, refusals, busyId } = useMemberActions(group, {
    roleChanged: (member) => {
      queryClient.setQueryData<GroupMember[]>(queryKeys.groups.members(group.id), (list) =>
        list?.map((item) => (item.id === member.id ? member : item)),
      );
      setRoleChanged(true);
      void refresh();
    },
    removed: async (member) => {
      if (member.user_id === currentUserId) {
        // Leaving the group: this screen is no longer ours.
        await queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
        navigate(groupPath(group.id), { replace: true });
        return;
      }
      await refresh();
    },
    settled: () => setRemoving(null),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('groups.members.title')}</CardTitle>
        <CardDescription>{t('groups.edit.rolesDescription')}</CardDescription>
      </CardHeader>
      <CardBody className="pt-2 sm:pt-3">
        {members.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-sm text-stone-500" role="status">
            <Spinner /> {t('groups.members.loading')}
          </div>
        ) : members.isError ? (
          <Alert>{loadFailure(errorMessage(members.error))}</Alert>
        ) : members.data.length === 0 ? (
          <EmptyState icon={UsersRound} title={t('groups.members.empty')} />
        ) : (
          <ul className="-my-1 divide-y divide-stone-100" aria-label={t('groups.members.title')}>
            {members.data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isSelf={member.user_id === currentUserId}
                busy={busyId === member.id}
                refusal={refusals[member.id] ?? null}
                onUpdateRole={(role: GroupRole) => changeRole.mutate({ member, role })}
                onRemove={() => setRemoving(member)}
              />
            ))}
          </ul>
        )}
      </CardBody>

      <Dialog open={roleChanged} onOpenChange={setRoleChanged} title={t('groups.edit.roleChangedTitle')}>
        <p className="text-sm text-stone-600">{t('groups.edit.roleChangedBody')}</p>
        <div className="mt-6 flex justify-end">
          <Button onClick={() => setRoleChanged(false)}>{t('groups.edit.dismiss')}</Button>
        </div>
      </Dialog>

      <Dialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        dismissible={!remove.isPending}
        title={
          removing ? t('groups.members.removeTitle', { name: removing.name }) : t('groups.members.remove')
        }
        description={
          removing?.user_id === currentUserId
            ? t('groups.members.leaveDescription', { group: group.name })
            : t('groups.members.removeDescription', { group: group.name })
        }
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
    </Card>
  );
}
