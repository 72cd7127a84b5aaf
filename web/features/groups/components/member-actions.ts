import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Group, GroupMember } from '@shared/api/groups';
import type { GroupRole } from '@shared/domain/constants';
import { errorMessage, fieldErrorsOf, serverErrorText } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { changeMemberRole, removeMember } from '../api';

/** Why the server refused a role change or a removal, e.g. 'A group must keep at least one Owner.' */
export function refusalText(error: unknown): string {
  const first = Object.values(fieldErrorsOf(error))[0]?.[0];
  return first ?? serverErrorText(error) ?? errorMessage(error);
}

export type RoleChange = { member: GroupMember; role: GroupRole };

/**
 * Changing a member's role and removing a member, as both member lists (the group page's and the
 * edit screen's) do them: a failure is logged (spec section 8) and its reason kept for the member's
 * row until that member's next success; the group's members, detail and list are refreshed after.
 */
export function useMemberActions(
  group: Group,
  on: {
    roleChanged: (member: GroupMember) => void | Promise<void>;
    removed: (member: GroupMember) => void | Promise<void>;
    /** After either call ends, success or not (to close a confirmation). */
    settled?: () => void;
  },
) {
  const queryClient = useQueryClient();
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const setRefusal = (id: string, text: string | null) =>
    setRefusals(({ [id]: _old, ...rest }) => (text ? { ...rest, [id]: text } : rest));

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.groups.members(group.id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.groups.detail(group.id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.groups.list() }),
    ]);

  const changeRole = useMutation({
    mutationFn: ({ member, role }: RoleChange) => changeMemberRole({ id: member.id, role }),
    onSuccess: async (member) => {
      on.settled?.();
      setRefusal(member.id, null);
      await on.roleChanged(member);
    },
    onError: (error, { member }) => {
      console.error('Role update failed', error);
      on.settled?.();
      setRefusal(member.id, refusalText(error));
    },
  });

  const remove = useMutation({
    mutationFn: (member: GroupMember) => removeMember(member.id),
    onSuccess: async (_data, member) => {
      on.settled?.();
      setRefusal(member.id, null);
      await on.removed(member);
    },
    onError: (error, member) => {
      console.error('Removing the member failed', error);
      on.settled?.();
      setRefusal(member.id, refusalText(error));
    },
  });

  /** The member whose change is on its way, if any. */
  const busyId = changeRole.isPending
    ? changeRole.variables.member.id
    : remove.isPending
      ? remove.variables.id
      : null;

  return { changeRole, remove, refresh, refusals, busyId };
}
