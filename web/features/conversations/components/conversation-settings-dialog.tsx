import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, LogOut, UserPlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Conversation } from '@shared/api/conversations';
import { CONVERSATION_LIMITS } from '@shared/domain/conversations';
import { Alert } from '@web/components/alert';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { TextField } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { serverErrorText } from '@web/lib/api-errors';
import { initialsOf } from '@web/lib/initials';
import { queryKeys } from '@web/lib/query-keys';
import { addParticipants, leaveConversation, renameConversation, setMuted } from '../api';
import { MESSAGES_PATH } from '../paths';
import { MemberPicker, type PickedMember } from './member-picker';

/**
 * A conversation's settings: who is in it, a circle's name and adding people to it (a direct
 * conversation stays between two: the dialog says to start a new one), muting, and leaving (after
 * a confirmation; the member keeps reading what was said while they were there). Loaded on demand.
 */
export function ConversationSettingsDialog({
  conversation,
  open,
  onOpenChange,
}: {
  conversation: Conversation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const refresh = (updated?: Conversation) => {
    if (updated) queryClient.setQueryData(queryKeys.conversations.detail(conversation.id), updated);
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.detail(conversation.id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.counts() });
  };
  const mute = useMutation({
    mutationFn: () => setMuted(conversation.id, !conversation.muted),
    onSuccess: () => refresh({ ...conversation, muted: !conversation.muted }),
  });
  const active = conversation.status === 'active';

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('conversations.settings.title')}
      description={conversation.title}
    >
      <div className="space-y-6">
        <section aria-labelledby="conversation-people" className="space-y-2">
          <h3 id="conversation-people" className="text-sm font-semibold text-stone-900">
            {t('conversations.settings.people', { count: conversation.participants.length })}
          </h3>
          <ul className="space-y-1.5">
            {conversation.participants.map((person) => (
              <li key={person.id} className="flex items-center gap-2 text-sm">
                <Avatar src={person.avatar} initials={initialsOf(person.name)} size="sm" />
                <span className="truncate font-medium text-stone-900">{person.name}</span>
                <span className="truncate text-xs text-stone-500">@{person.username}</span>
              </li>
            ))}
          </ul>
        </section>
        {active && conversation.kind === 'circle' ? (
          <>
            <RenameForm conversation={conversation} onRenamed={refresh} />
            <AddPeopleForm conversation={conversation} onAdded={refresh} />
          </>
        ) : active ? (
          <p className="text-sm text-stone-600">{t('conversations.settings.directOnly')}</p>
        ) : null}
        {active ? (
          <section className="space-y-2 border-t border-stone-100 pt-4">
            {mute.isError ? (
              <Alert>{serverErrorText(mute.error) ?? t('conversations.settings.failed')}</Alert>
            ) : null}
            <Button variant="outline" busy={mute.isPending} onClick={() => mute.mutate()}>
              {conversation.muted ? (
                <Bell className="size-4" aria-hidden="true" />
              ) : (
                <BellOff className="size-4" aria-hidden="true" />
              )}
              {conversation.muted ? t('conversations.settings.unmute') : t('conversations.settings.mute')}
            </Button>
            <p className="text-xs text-stone-500">{t('conversations.settings.muteHint')}</p>
          </section>
        ) : null}
        {conversation.status !== 'left' ? <LeaveSection conversation={conversation} /> : null}
      </div>
    </Dialog>
  );
}

function RenameForm({
  conversation,
  onRenamed,
}: {
  conversation: Conversation;
  onRenamed: (updated: Conversation) => void;
}) {
  const t = useT();
  const [name, setName] = useState(conversation.name ?? '');
  const rename = useMutation({
    mutationFn: () => renameConversation(conversation.id, name.trim()),
    onSuccess: onRenamed,
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() && !rename.isPending) rename.mutate();
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      {rename.isError ? (
        <Alert>{serverErrorText(rename.error) ?? t('conversations.settings.failed')}</Alert>
      ) : null}
      <TextField
        label={t('conversations.settings.name')}
        value={name}
        maxLength={CONVERSATION_LIMITS.name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={!name.trim()} busy={rename.isPending}>
          {t('conversations.settings.rename')}
        </Button>
      </div>
    </form>
  );
}

function AddPeopleForm({
  conversation,
  onAdded,
}: {
  conversation: Conversation;
  onAdded: (updated: Conversation) => void;
}) {
  const t = useT();
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const add = useMutation({
    mutationFn: () =>
      addParticipants(
        conversation.id,
        picked.map((member) => member.profile_id),
      ),
    onSuccess: (updated) => {
      setPicked([]);
      onAdded(updated);
    },
  });
  const room = CONVERSATION_LIMITS.participants - conversation.participants.length;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (picked.length > 0 && !add.isPending) add.mutate();
  }
  return (
    <form onSubmit={submit} className="space-y-2 border-t border-stone-100 pt-4">
      <h3 className="text-sm font-semibold text-stone-900">{t('conversations.settings.addPeople')}</h3>
      {add.isError ? <Alert>{serverErrorText(add.error) ?? t('conversations.settings.failed')}</Alert> : null}
      {room > 0 ? (
        <>
          <MemberPicker
            picked={picked}
            onChange={setPicked}
            excluded={new Set(conversation.participants.map((person) => person.id))}
            max={room}
          />
          <div className="flex justify-end">
            <Button type="submit" size="sm" disabled={picked.length === 0} busy={add.isPending}>
              <UserPlus className="size-4" aria-hidden="true" />
              {t('conversations.settings.add', { count: picked.length })}
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-stone-600">
          {t('conversations.settings.full', { max: CONVERSATION_LIMITS.participants })}
        </p>
      )}
    </form>
  );
}

function LeaveSection({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () => leaveConversation(conversation.id),
    onSuccess: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
      void navigate(MESSAGES_PATH);
    },
  });
  return (
    <section className="border-t border-stone-100 pt-4">
      <Button variant="outline" className="text-red-700" onClick={() => setConfirming(true)}>
        <LogOut className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {t('conversations.settings.leave')}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(next) => {
          if (!next) leave.reset();
          setConfirming(next);
        }}
        dismissible={!leave.isPending}
        title={t('conversations.leave.title')}
        description={t('conversations.leave.description')}
      >
        {leave.isError ? (
          <Alert className="mb-4">{serverErrorText(leave.error) ?? t('conversations.settings.failed')}</Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={leave.isPending}>
            {t('conversations.leave.cancel')}
          </Button>
          <Button variant="danger" busy={leave.isPending} onClick={() => leave.mutate()}>
            {t('conversations.leave.confirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
