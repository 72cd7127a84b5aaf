import { useMutation } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@web/components/button';
import { useT } from '@web/i18n/i18n';
import { serverErrorText } from '@web/lib/api-errors';
import { startConversation } from '../api';
import { conversationPath } from '../paths';

/**
 * A member's profile's "Message": opens the conversation with them (the server answers the existing
 * one when there is one). Whether they may be written to is the server's to say; its refusal is
 * shown under the button.
 */
export function MessageMemberButton({ userId, name }: { userId: string; name: string }) {
  const t = useT();
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => startConversation([userId]),
    onSuccess: (conversation) => void navigate(conversationPath(conversation.id)),
  });
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        busy={start.isPending}
        onClick={() => start.mutate()}
        aria-label={t('conversations.profile.messageLabel', { name })}
      >
        <MessageSquare className="size-4" aria-hidden="true" />
        {t('conversations.profile.message')}
      </Button>
      {start.isError ? (
        <span role="alert" className="text-xs text-red-700">
          {serverErrorText(start.error) ?? t('conversations.profile.failed')}
        </span>
      ) : null}
    </span>
  );
}
