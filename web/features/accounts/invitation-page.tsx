import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/input';
import { TextLink } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { APP_NAME } from '@shared/domain/constants';
import { ApiError, serverErrorText } from '@web/lib/api-errors';
import { checkInvitation } from './api';
import { AuthFooter, AuthHeading } from './components/auth-heading';

/** /invitation: idle → validating → valid (continue to sign-up with the code) or invalid. */
export function InvitationPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [code, setCode] = useState(() => searchParams.get('code') ?? '');
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: checkInvitation,
    onSuccess: (result, checkedCode) => {
      if (result.valid) navigate(`/signup?code=${encodeURIComponent(checkedCode)}`);
      else setError(t('accounts.invitation.invalid'));
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 404) setError(t('accounts.invitation.invalid'));
      else setError(serverErrorText(failure) ?? t('accounts.invitation.failed'));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t('accounts.invitation.required'));
      return;
    }
    setError(null);
    mutation.mutate(trimmed);
  }

  return (
    <>
      <AuthHeading
        title={t('accounts.invitation.title', { app: APP_NAME })}
        tabTitle={t('accounts.invitation.tabTitle')}
        description={t('accounts.invitation.description')}
      />
      <form onSubmit={submit} className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          label={t('accounts.invitation.codeLabel')}
          name="code"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          autoFocus={!code}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder={t('accounts.invitation.codePlaceholder')}
        />
        <Button type="submit" size="lg" fullWidth busy={mutation.isPending}>
          {t(mutation.isPending ? 'accounts.invitation.busy' : 'accounts.invitation.submit')}
        </Button>
      </form>
      <AuthFooter>
        <Message id="accounts.invitation.footer" components={{ link: <TextLink to="/signin" /> }} />
      </AuthFooter>
    </>
  );
}
