import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuth } from '@web/app/auth/auth-context';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { TextField } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { serverErrorText } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { startConversation } from '../api';
import { conversationPath } from '../paths';
import { MemberPicker, type PickedMember } from './member-picker';

/** A conversation holds at most 20 people: the one who starts it and 19 others. */
export const MAX_OTHERS = 19;
const NAME_MAX = 100;

/**
 * "New message": pick one member (a direct conversation, or the one already there) or several (a
 * circle), optionally name it (a named one is a circle too), and go to it. Loaded on demand.
 */
export function NewConversationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const [name, setName] = useState('');
  const start = useMutation({
    mutationFn: () =>
      startConversation(
        picked.map((member) => member.profile_id),
        name.trim() || undefined,
      ),
    onSuccess: (conversation) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.lists() });
      onOpenChange(false);
      setPicked([]);
      setName('');
      void navigate(conversationPath(conversation.id));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (picked.length > 0 && !start.isPending) start.mutate();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) start.reset();
        onOpenChange(next);
      }}
      dismissible={!start.isPending}
      title={t('conversations.new.title')}
      description={t('conversations.new.description')}
    >
      <form onSubmit={submit} className="space-y-5">
        {start.isError ? (
          <Alert>{serverErrorText(start.error) ?? t('conversations.new.failed')}</Alert>
        ) : null}
        <MemberPicker
          picked={picked}
          onChange={setPicked}
          excluded={new Set(user ? [user.id] : [])}
          max={MAX_OTHERS}
        />
        <TextField
          label={t('conversations.new.name')}
          hint={t('conversations.new.nameHint')}
          value={name}
          maxLength={NAME_MAX}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={start.isPending}>
            {t('conversations.new.cancel')}
          </Button>
          <Button type="submit" disabled={picked.length === 0} busy={start.isPending}>
            {t('conversations.new.start')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
