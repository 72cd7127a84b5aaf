import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AccountDeletionState } from '@shared/api/account-deletion';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Dialog } from '@web/components/dialog';
import { TextField } from '@web/components/input';
import { RetryAlert } from '@web/components/retry-alert';
import { Spinner } from '@web/components/spinner';
import { useT } from '@web/i18n/i18n';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import {
  accountDeletionQueryOptions,
  deletionScheduledPath,
  requestAccountDeletion,
} from './account-deletion-api';
import { CurrentPasswordField } from './security-form';
import { explainedBy, fieldErrorOf } from './security-fields';

const EMPTY = { current_password: '', code: '' };

/**
 * The danger zone of /settings/data (ADR 022): what deleting the account removes and keeps, the
 * grace period, and a dialog that asks for the password (and a code with two-factor sign-in on).
 * After the request the member is signed out and shown the date.
 */
export function DeleteAccountSection() {
  const t = useT();
  const state = useQuery(accountDeletionQueryOptions());
  const [open, setOpen] = useState(false);

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle>{t('settings.deleteAccount.title')}</CardTitle>
        <CardDescription>{t('settings.deleteAccount.description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-4 text-sm text-stone-700">
        {state.isPending ? (
          <div className="flex items-center gap-2 text-stone-600">
            <Spinner /> {t('settings.deleteAccount.loading')}
          </div>
        ) : state.isError ? (
          <RetryAlert
            message={errorMessage(state.error)}
            retrying={state.isFetching}
            onRetry={() => void state.refetch()}
          />
        ) : (
          <>
            <WhatHappens graceDays={state.data.grace_days} />
            {state.data.blocked_reason ? <Alert>{state.data.blocked_reason}</Alert> : null}
            <div className="flex justify-end">
              <Button
                variant="danger"
                disabled={Boolean(state.data.blocked_reason)}
                onClick={() => setOpen(true)}
              >
                {t('settings.deleteAccount.delete')}
              </Button>
            </div>
            <ConfirmDeletionDialog open={open} onOpenChange={setOpen} state={state.data} />
          </>
        )}
      </CardBody>
    </Card>
  );
}

function WhatHappens({ graceDays }: { graceDays: number }) {
  const t = useT();
  return (
    <>
      <p>{t('settings.deleteAccount.when', { days: graceDays })}</p>
      <div>
        <h3 className="font-medium text-stone-900">{t('settings.deleteAccount.removed')}</h3>
        <ul className="mt-1 list-disc space-y-0.5 ps-5">
          <li>{t('settings.deleteAccount.removedContent')}</li>
          <li>{t('settings.deleteAccount.removedTies')}</li>
          <li>{t('settings.deleteAccount.removedNames')}</li>
        </ul>
      </div>
      <div>
        <h3 className="font-medium text-stone-900">{t('settings.deleteAccount.stays')}</h3>
        <ul className="mt-1 list-disc space-y-0.5 ps-5">
          <li>{t('settings.deleteAccount.staysInvited')}</li>
          <li>{t('settings.deleteAccount.staysGroups')}</li>
          <li>{t('settings.deleteAccount.staysFeedback')}</li>
        </ul>
      </div>
      <p>{t('settings.deleteAccount.copyFirst')}</p>
    </>
  );
}

function ConfirmDeletionDialog({
  open,
  onOpenChange,
  state,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: AccountDeletionState;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const remove = useMutation({
    mutationFn: requestAccountDeletion,
    // The server has ended every session; the page with the date forgets the member here too
    // (forgetting them first would send this protected page to /signin on the way).
    onSuccess: (answer) =>
      navigate(deletionScheduledPath(answer.scheduled?.due_at ?? ''), {
        replace: true,
        state: { signedOut: true },
      }),
  });
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setForm(EMPTY);
      remove.reset();
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (remove.isPending) return;
    remove.mutate({
      current_password: form.current_password,
      ...(state.two_factor_required ? { code: form.code } : {}),
    });
  }

  const base = fieldErrorsOf(remove.error).base?.join(' ');
  const unexplained =
    remove.isError && !base && !explainedBy(remove.error, ['current_password', 'code'])
      ? errorMessage(remove.error)
      : null;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      dismissible={!remove.isPending}
      title={t('settings.deleteAccount.confirmTitle')}
      description={t('settings.deleteAccount.confirmDescription', { days: state.grace_days })}
    >
      <form onSubmit={submit} className="space-y-4" aria-label={t('settings.deleteAccount.confirm')}>
        {base || unexplained ? <Alert>{base ?? unexplained}</Alert> : null}
        <CurrentPasswordField
          autoFocus
          value={form.current_password}
          onChange={set('current_password')}
          error={fieldErrorOf(remove.error, 'current_password')}
        />
        {state.two_factor_required ? (
          <TextField
            label={t('settings.security.code')}
            hint={t('settings.deleteAccount.codeHint')}
            autoComplete="one-time-code"
            required
            value={form.code}
            onChange={set('code')}
            error={fieldErrorOf(remove.error, 'code')}
          />
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" disabled={remove.isPending} onClick={() => close(false)}>
            {t('settings.deleteAccount.keep')}
          </Button>
          <Button type="submit" variant="danger" busy={remove.isPending}>
            {remove.isPending ? t('settings.deleteAccount.deleting') : t('settings.deleteAccount.delete')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
