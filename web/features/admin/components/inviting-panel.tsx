import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMember } from '@shared/api/admin-members';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Input, Label } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
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
  const t = useT();
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
      <Label htmlFor="invite-waiting-days">{t('admin.inviting.waitingDays')}</Label>
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
          {t('admin.inviting.save')}
        </Button>
      </div>
      {save.isSuccess ? <p className="text-sm text-emerald-700">{t('admin.inviting.saved')}</p> : null}
      {save.isError || settings.isError ? <Alert>{errorMessage(save.error ?? settings.error)}</Alert> : null}
    </form>
  );
}

function MemberSwitch() {
  const t = useT();
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
        <Label htmlFor="invite-member-username">{t('admin.inviting.findLabel')}</Label>
        <div className="flex gap-2">
          <Input
            id="invite-member-username"
            autoComplete="off"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <Button type="submit" variant="outline" busy={lookup.isPending}>
            {t('admin.inviting.find')}
          </Button>
        </div>
      </form>
      {lookup.isError ? <Alert>{errorMessage(lookup.error)}</Alert> : null}
      {member ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 p-3">
          <p className="text-sm text-stone-800">
            <Message
              id={
                member.is_admin
                  ? 'admin.inviting.adminAlways'
                  : member.can_invite
                    ? 'admin.inviting.mayInvite'
                    : 'admin.inviting.switchedOff'
              }
              values={{ name: member.name, username: member.username }}
              components={{ name: <span className="font-medium" /> }}
            />
          </p>
          {member.is_admin ? null : (
            <Button
              variant={member.can_invite ? 'danger' : 'outline'}
              size="sm"
              busy={toggle.isPending}
              onClick={() => toggle.mutate(member)}
            >
              {t(member.can_invite ? 'admin.inviting.switchOff' : 'admin.inviting.switchOn')}
            </Button>
          )}
        </div>
      ) : null}
      {toggle.isError ? <Alert>{errorMessage(toggle.error)}</Alert> : null}
    </div>
  );
}
