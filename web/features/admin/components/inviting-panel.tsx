import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMember } from '@shared/api/admin-members';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Input, Label } from '@web/components/input';
import { errorMessage } from '@web/lib/api-errors';
import { fetchSiteSettings, findMember, setMemberCanInvite, settingsKey, updateSiteSettings } from '../api';

/**
 * /admin "Inviting": how long new members wait before they may invite (site-wide), and one
 * member's switch. The server enforces both (ADR 004); this only sets them.
 */
export function InvitingPanel() {
  return (
    <div className="space-y-8">
      <WaitingPeriodForm />
      <MemberSwitch />
    </div>
  );
}

function WaitingPeriodForm() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey, queryFn: fetchSiteSettings });
  const [days, setDays] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (value: number) => updateSiteSettings({ invite_waiting_days: value }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      setDays(null);
    },
  });
  const shown = days ?? String(settings.data?.invite_waiting_days ?? '');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(Number(shown));
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <Label htmlFor="invite-waiting-days">Days new members wait before they can invite</Label>
      <div className="flex gap-2">
        <Input
          id="invite-waiting-days"
          type="number"
          min={0}
          max={365}
          step={1}
          required
          value={shown}
          onChange={(event) => setDays(event.target.value)}
          className="w-28"
        />
        <Button type="submit" busy={save.isPending} disabled={settings.isPending}>
          Save
        </Button>
      </div>
      {save.isSuccess ? <p className="text-sm text-emerald-700">Waiting period saved.</p> : null}
      {save.isError || settings.isError ? <Alert>{errorMessage(save.error ?? settings.error)}</Alert> : null}
    </form>
  );
}

function MemberSwitch() {
  const [username, setUsername] = useState('');
  const [member, setMember] = useState<AdminMember | null>(null);
  const lookup = useMutation({
    mutationFn: findMember,
    onSuccess: setMember,
    onError: () => setMember(null),
  });
  const toggle = useMutation({
    mutationFn: (target: AdminMember) => setMemberCanInvite(target.id, !target.can_invite),
    onSuccess: setMember,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = username.trim();
    if (value) lookup.mutate(value);
  }

  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="space-y-2">
        <Label htmlFor="invite-member-username">Find a member by username</Label>
        <div className="flex gap-2">
          <Input
            id="invite-member-username"
            autoComplete="off"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <Button type="submit" variant="outline" busy={lookup.isPending}>
            Find
          </Button>
        </div>
      </form>
      {lookup.isError ? <Alert>{errorMessage(lookup.error)}</Alert> : null}
      {member ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 p-3">
          <p className="text-sm text-stone-800">
            <span className="font-medium">{member.name}</span> (@{member.username}):{' '}
            {member.is_admin
              ? 'an admin, always allowed to invite'
              : member.can_invite
                ? 'may invite'
                : 'inviting switched off'}
          </p>
          {member.is_admin ? null : (
            <Button
              variant={member.can_invite ? 'danger' : 'outline'}
              size="sm"
              busy={toggle.isPending}
              onClick={() => toggle.mutate(member)}
            >
              {member.can_invite ? 'Switch inviting off' : 'Switch inviting on'}
            </Button>
          )}
        </div>
      ) : null}
      {toggle.isError ? <Alert>{errorMessage(toggle.error)}</Alert> : null}
    </div>
  );
}
