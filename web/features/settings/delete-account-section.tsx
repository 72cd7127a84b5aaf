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
  const state = useQuery(accountDeletionQueryOptions());
  const [open, setOpen] = useState(false);

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle>Delete your account</CardTitle>
        <CardDescription>Leave Hearth and take what you shared with you.</CardDescription>
      </CardHeader>
      <CardBody className="space-y-4 text-sm text-stone-700">
        {state.isPending ? (
          <div className="flex items-center gap-2 text-stone-600">
            <Spinner /> Loading...
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
                Delete my account
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
  return (
    <>
      <p>
        You are signed out on every device at once. Your account is deleted {graceDays} days later; sign in
        before then and nothing is lost.
      </p>
      <div>
        <h3 className="font-medium text-stone-900">Removed for good</h3>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>Your profile, posts, comments (with the replies under them), links, likes and files</li>
          <li>Whom you follow and block, your invitations not yet used, your notifications and sessions</li>
          <li>Your username and email address, which become free for someone else</li>
        </ul>
      </div>
      <div>
        <h3 className="font-medium text-stone-900">What stays</h3>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>Members you invited keep their accounts.</li>
          <li>
            A group you own passes to its longest-standing Moderator, or else to its longest-standing member;
            a group with nobody else in it is deleted.
          </li>
          <li>Feedback you sent stays with the people who run Hearth, without your name.</li>
        </ul>
      </div>
      <p>Want a copy first? Download your data above before you go.</p>
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
      title="Delete your account?"
      description={`Enter your password to confirm. Your account is deleted in ${state.grace_days} days unless you sign in before then.`}
    >
      <form onSubmit={submit} className="space-y-4" aria-label="Confirm account deletion">
        {base || unexplained ? <Alert>{base ?? unexplained}</Alert> : null}
        <CurrentPasswordField
          autoFocus
          value={form.current_password}
          onChange={set('current_password')}
          error={fieldErrorOf(remove.error, 'current_password')}
        />
        {state.two_factor_required ? (
          <TextField
            label="Code"
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            autoComplete="one-time-code"
            required
            value={form.code}
            onChange={set('code')}
            error={fieldErrorOf(remove.error, 'code')}
          />
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" disabled={remove.isPending} onClick={() => close(false)}>
            Keep my account
          </Button>
          <Button type="submit" variant="danger" busy={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
