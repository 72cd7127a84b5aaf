import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Check, CircleCheck, CircleX, X } from 'lucide-react';
import { Link } from 'react-router';
import type { GroupRequest } from '@shared/api/groups';
import type { RequestRole } from '@shared/domain/constants';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Select } from '@web/components/select';
import { errorMessage } from '@web/lib/api-errors';
import { initialsOf } from '@web/lib/initials';
import { queryKeys } from '@web/lib/query-keys';
import { answerGroupRequest, type RequestAnswer } from '../api';
import { groupPath } from '../paths';
import { Time } from '@web/components/time';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { roleLabel } from '../role-labels';

/**
 * Answers a join request. The answered request replaces the waiting one in every cached list of
 * requests, so it stays on screen with its state until the list is next loaded; the group's
 * members and counts are refreshed.
 */
function useAnswerRequest(request: GroupRequest) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: RequestAnswer) => answerGroupRequest({ id: request.id, answer }),
    onSuccess: (answered) => {
      const replace = (key: QueryKey) =>
        queryClient.setQueryData<GroupRequest[]>(key, (list) =>
          list?.map((item) => (item.id === answered.id ? answered : item)),
        );
      replace(queryKeys.groups.requests());
      replace(queryKeys.groups.joinRequests(request.group_id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.members(request.group_id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.detail(request.group_id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.list() });
    },
    onError: (error) => console.error('Answering the request failed', error),
  });
}

/** One request to join: who asks (and for which group), and the owner's answer controls or the answer given. */
export function RequestItem({ request, showGroup = false }: { request: GroupRequest; showGroup?: boolean }) {
  // The server names the roles this member may grant (a Moderator: Poster or Commentor).
  const t = useT();
  const roles = request.assignable_roles;
  const [role, setRole] = useState<RequestRole>(roles.includes('Poster') ? 'Poster' : (roles[0] ?? 'Poster'));
  const answer = useAnswerRequest(request);
  const answering = answer.isPending ? answer.variables.status : null;
  const name = request.user_full_name || request.username;

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar src={request.avatar} initials={initialsOf(name)} />
        <div className="min-w-0">
          <p className="truncate text-stone-900">
            <Link
              to={`/profiles/${request.user_id}`}
              className="font-medium hover:underline focus-visible:underline focus-visible:outline-none"
            >
              {name}
            </Link>{' '}
            <span className="text-sm text-stone-500">@{request.username}</span>
          </p>
          <p className="text-sm text-stone-500">
            {showGroup ? (
              <>
                <Message
                  id="groups.requests.wantsToJoin"
                  values={{ group: request.group_name }}
                  components={{
                    group: (
                      <Link
                        to={groupPath(request.group_id)}
                        className="font-medium text-brand-700 hover:underline"
                      />
                    ),
                  }}
                />
                {' · '}
              </>
            ) : null}
            <Time value={request.created_at} />
          </p>
        </div>
      </div>

      {request.status === 'pending' ? (
        <div className="flex flex-col gap-1.5 sm:items-end">
          <div className="grid grid-cols-2 gap-2 sm:flex sm:items-center">
            <Select
              aria-label={t('groups.requests.roleFor', { name })}
              value={role}
              disabled={answer.isPending}
              onChange={(event) => setRole(event.target.value as RequestRole)}
              className="h-8 text-sm"
              wrapperClassName="col-span-2 sm:w-36"
            >
              {roles.map((value) => (
                <option key={value} value={value}>
                  {roleLabel(value)}
                </option>
              ))}
            </Select>
            <Button
              size="sm"
              busy={answering === 'accepted'}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ status: 'accepted', role })}
            >
              {answering === 'accepted' ? null : <Check className="size-4" aria-hidden="true" />}
              {t('groups.requests.accept')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              busy={answering === 'rejected'}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ status: 'rejected' })}
            >
              {answering === 'rejected' ? null : <X className="size-4" aria-hidden="true" />}
              {t('groups.requests.reject')}
            </Button>
          </div>
          {answer.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(answer.error)}
            </p>
          ) : null}
        </div>
      ) : (
        <AnsweredBadge request={request} />
      )}
    </li>
  );
}

function AnsweredBadge({ request }: { request: GroupRequest }) {
  const t = useT();
  if (request.status === 'accepted') {
    return (
      <span className="inline-flex items-center gap-1.5 self-start rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200 sm:self-center">
        <CircleCheck className="size-4" aria-hidden="true" />
        {request.role
          ? t('groups.requests.acceptedAs', { role: roleLabel(request.role) })
          : t('groups.requests.accepted')}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 self-start rounded-full bg-stone-100 px-3 py-1 text-sm font-medium text-stone-700 ring-1 ring-stone-200 sm:self-center">
      <CircleX className="size-4" aria-hidden="true" />
      {t('groups.requests.rejected')}
    </span>
  );
}
