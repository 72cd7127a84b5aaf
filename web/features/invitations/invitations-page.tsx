import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Copy, Mail, MailPlus, Send } from 'lucide-react';
import type { Invitation } from '@shared/api/invitations';
import { APP_NAME } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { EmptyState } from '@web/components/empty-state';
import { Input, Label } from '@web/components/input';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { Toast } from '@web/components/toast';
import { t as translate, useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { ApiError, errorMessage, serverErrorText } from '@web/lib/api-errors';
import { copyToClipboard } from '@web/lib/clipboard';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useTimedMessage } from '@web/lib/use-timed-message';
import { createInvitation, invitationLink, invitationsQueryOptions } from './api';
import { INVITATION_TEXT as TEXT } from './messages';
import { Time } from '@web/components/time';

/** The red-box text for a failed call: 401 → 'Authentication required' (spec section 8). */
export function invitationErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return translate(TEXT.authRequired);
  // 403 says why this member may not invite (switched off, or when their waiting period ends).
  if (error instanceof ApiError && error.status === 403) return serverErrorText(error) ?? errorMessage(error);
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
  if (fieldErrors?.base?.length) return fieldErrors.base.join('. ');
  return errorMessage(error);
}

export function InvitationsPage() {
  const t = useT();
  useDocumentTitle(t('invitations.page.title'));
  const queryClient = useQueryClient();
  const toast = useTimedMessage();
  const [email, setEmail] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const invitations = useQuery(invitationsQueryOptions());
  // Codes are stored hashed, so only POST's answer carries one: keep those made in this visit, by
  // id, so their links can still be copied once the list (code null) reloads.
  const [newCodes, setNewCodes] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: createInvitation,
    onSuccess: (created) => {
      const code = created.code;
      if (code) setNewCodes((codes) => ({ ...codes, [created.id]: code }));
      setEmail('');
      setActionError(null);
      toast.show(t(TEXT.created));
      return queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all });
    },
    onError: (error) => setActionError(invitationErrorText(error)),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value || create.isPending) return;
    create.mutate(value);
  }

  async function copy(code: string) {
    try {
      await copyToClipboard(invitationLink(code));
      setActionError(null);
      toast.show(t(TEXT.copied));
    } catch (error) {
      console.error('Copy failed', error);
      setActionError(t(TEXT.copyFailed));
    }
  }

  const errorText = actionError ?? (invitations.isError ? invitationErrorText(invitations.error) : null);
  const list = [...(invitations.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('invitations.page.title')}
        description={t('invitations.page.description', { app: APP_NAME })}
      />

      {errorText ? <Alert>{errorText}</Alert> : null}

      <Card>
        <CardHeader>
          <CardTitle>{t(TEXT.createTitle)}</CardTitle>
          <CardDescription>{t('invitations.page.createDescription')}</CardDescription>
        </CardHeader>
        <CardBody>
          <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1 space-y-1.5">
              <Label htmlFor="invitation-email" required>
                {t('invitations.page.emailLabel')}
              </Label>
              <Input
                id="invitation-email"
                type="email"
                name="email"
                autoComplete="off"
                inputMode="email"
                placeholder={t('invitations.page.emailPlaceholder')}
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <Button type="submit" busy={create.isPending} className="sm:w-auto">
              {create.isPending ? null : <Send className="size-4" aria-hidden="true" />}
              {t(create.isPending ? 'invitations.page.creating' : 'invitations.page.create')}
            </Button>
          </form>
        </CardBody>
      </Card>

      <Card>
        <CardHeader className="pb-1 sm:pb-2">
          <CardTitle>{t(TEXT.listTitle)}</CardTitle>
        </CardHeader>
        <CardBody className="pt-3 sm:pt-3">
          {invitations.isPending ? (
            <div className="flex items-center justify-center gap-2 py-8 text-sm text-stone-500">
              <Spinner /> {t('invitations.page.loading')}
            </div>
          ) : list.length === 0 ? (
            invitations.isError ? null : (
              <EmptyState icon={MailPlus} title={t(TEXT.empty)} />
            )
          ) : (
            <ul className="-my-1 divide-y divide-stone-100">
              {list.map((invitation) => {
                const code = invitation.code ?? newCodes[invitation.id] ?? null;
                return (
                  <InvitationRow
                    key={invitation.id}
                    invitation={invitation}
                    onCopy={code ? () => void copy(code) : null}
                  />
                );
              })}
            </ul>
          )}
        </CardBody>
      </Card>

      <Toast message={toast.message} />
    </div>
  );
}

/** onCopy is null when this page no longer knows the code: it was shown once, and went by email. */
function InvitationRow({ invitation, onCopy }: { invitation: Invitation; onCopy: (() => void) | null }) {
  const t = useT();
  const redeemed = invitation.redeemed;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3.5">
      <div className="min-w-0">
        <p className="truncate font-medium text-stone-900">{invitation.email ?? t('invitations.row.link')}</p>
        <p className="text-sm text-stone-500">
          <Message
            id="invitations.row.createdOn"
            values={{ date: <Time value={invitation.created_at} format="date" /> }}
          />
        </p>
      </div>
      {redeemed ? (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200">
          <CircleCheck className="size-4" aria-hidden="true" />
          {t(TEXT.redeemed)}
        </span>
      ) : onCopy ? (
        <Button variant="outline" size="sm" onClick={onCopy}>
          <Copy className="size-4" aria-hidden="true" />
          {t(TEXT.copy)}
        </Button>
      ) : (
        <span className="inline-flex items-center gap-1.5 text-sm text-stone-500">
          <Mail className="size-4" aria-hidden="true" />
          {t(TEXT.sentByEmail)}
        </span>
      )}
    </li>
  );
}
