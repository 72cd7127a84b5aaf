import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { UserPlus, X } from 'lucide-react';
import type { MentionSuggestion } from '@shared/api/mentions';
import type { GroupRole } from '@shared/domain/constants';
import { MENTION_QUERY_MIN } from '@shared/domain/mentions';
import { Alert } from '@web/components/alert';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Label, TextField } from '@web/components/input';
import { Select } from '@web/components/select';
import { errorMessage } from '@web/lib/api-errors';
import { initialsOf } from '@web/lib/initials';
import { queryKeys } from '@web/lib/query-keys';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { inviteToGroup, searchMembers, type Invitee } from '../invitations-api';
import { useT } from '@web/i18n/i18n';
import { roleLabel } from '../role-labels';

const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

/**
 * "Invite people" on the edit screen (Owners and Moderators): find a member by name, or type an
 * email address for someone not on Hearth yet, choose their role from the roles the server says the
 * viewer may give (`invitable_roles`), and send.
 */
export function InvitePeopleCard({ groupId, roles }: { groupId: string; roles: GroupRole[] }) {
  const t = useT();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<MentionSuggestion | null>(null);
  const [role, setRole] = useState<GroupRole>(roles.includes('Poster') ? 'Poster' : (roles[0] ?? 'Poster'));
  const [sent, setSent] = useState<string | null>(null);
  const query = useDebouncedValue(text.trim(), 250);
  const searching = !chosen && query.length >= MENTION_QUERY_MIN && !query.includes('@');
  const matches = useQuery({
    queryKey: queryKeys.groups.inviteSearch(query),
    queryFn: ({ signal }) => searchMembers(query, signal),
    enabled: searching,
  });

  const invite = useMutation({
    mutationFn: inviteToGroup,
    onSuccess: (_invitation, { invitee }) => {
      const who = 'email' in invitee ? invitee.email : (chosen?.name ?? '');
      setSent(who ? t('groups.invite.sentTo', { who }) : t('groups.invite.sent'));
      setChosen(null);
      setText('');
    },
  });

  const invitee: Invitee | null = chosen
    ? { user_id: chosen.profile_id }
    : looksLikeEmail(text)
      ? { email: text.trim() }
      : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!invitee || invite.isPending) return;
    setSent(null);
    invite.mutate({ groupId, invitee, role });
  }

  if (roles.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('groups.invite.title')}</CardTitle>
        <CardDescription>{t('groups.invite.description')}</CardDescription>
      </CardHeader>
      <CardBody className="pt-3 sm:pt-4">
        <form onSubmit={submit} className="space-y-4" aria-label={t('groups.invite.title')}>
          {invite.isError ? <Alert>{errorMessage(invite.error)}</Alert> : null}
          {sent ? <Alert variant="success">{sent}</Alert> : null}
          {chosen ? (
            <div className="flex items-center gap-3 rounded-xl border border-stone-200 px-3 py-2">
              <Avatar src={chosen.avatar} initials={initialsOf(chosen.name)} size="sm" />
              <span className="min-w-0 flex-1 truncate text-sm">
                <span className="font-medium text-stone-900">{chosen.name}</span>{' '}
                <span className="text-stone-500">@{chosen.username}</span>
              </span>
              <Button variant="ghost" size="sm" onClick={() => setChosen(null)}>
                <X className="size-4" aria-hidden="true" />
                {t('groups.invite.change')}
              </Button>
            </div>
          ) : (
            <TextField
              label={t('groups.invite.who')}
              hint={t('groups.invite.whoHint')}
              name="invitee"
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
          {searching && matches.data ? (
            matches.data.length === 0 ? (
              <p className="text-sm text-stone-500" role="status">
                {t('groups.invite.noMatches')}
              </p>
            ) : (
              <ul
                aria-label={t('groups.invite.matches')}
                className="divide-y divide-stone-100 rounded-xl border border-stone-200"
              >
                {matches.data.map((person) => (
                  <li key={person.profile_id}>
                    <button
                      type="button"
                      onClick={() => setChosen(person)}
                      className="flex w-full items-center gap-3 px-3 py-2 text-start text-sm hover:bg-stone-50 focus-visible:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                    >
                      <Avatar src={person.avatar} initials={initialsOf(person.name)} size="sm" />
                      <span className="min-w-0 flex-1 truncate">
                        <span className="font-medium text-stone-900">{person.name}</span>{' '}
                        <span className="text-stone-500">@{person.username}</span>
                      </span>
                      <span className="sr-only">{t('groups.invite.choose')}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )
          ) : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="space-y-1.5">
              <Label htmlFor={`invite-role-${groupId}`}>{t('groups.invite.role')}</Label>
              <Select
                id={`invite-role-${groupId}`}
                value={role}
                onChange={(event) => setRole(event.target.value as GroupRole)}
                wrapperClassName="w-full sm:w-44"
              >
                {roles.map((option) => (
                  <option key={option} value={option}>
                    {roleLabel(option)}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" busy={invite.isPending} disabled={!invitee}>
              <UserPlus className="size-4" aria-hidden="true" />
              {invite.isPending ? t('groups.invite.sending') : t('groups.invite.send')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
