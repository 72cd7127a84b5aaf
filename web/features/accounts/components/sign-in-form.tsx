import { Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@web/app/auth/auth-context';
import { onDemand } from '@web/app/resilience/on-demand';
import { exportOf } from '@web/app/resilience/screen-loading';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/input';
import { TextLink } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
import { ApiError, serverErrorText } from '@web/lib/api-errors';
import { EmailField } from './email-field';

/**
 * The second step, for the members who turned two-factor sign-in on: its code (and its words) load
 * when the server asks for a code, so the first screen does not carry them.
 */
const { Component: SignInCodeForm, preload: preloadCodeForm } = onDemand(
  exportOf(() => import('./sign-in-code-form'), 'SignInCodeForm'),
);

/**
 * Email and password, used by the /signin page and the sign-in dialog. On success the auth provider
 * takes the member on (see `signIn`). `forgotPassword` is drawn beside the Password label.
 */
export function SignInForm({
  forgotPassword,
  autoFocus = false,
}: {
  forgotPassword?: ReactNode;
  autoFocus?: boolean;
}) {
  const t = useT();
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const [signInToken, setSignInToken] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: async (step) => {
      if (step.status !== 'code-required') return;
      // Drawn once its code is here; should that fail, drawing it tries again.
      await preloadCodeForm().catch(() => undefined);
      setSignInToken(step.signInToken);
    },
  });

  if (signInToken) {
    return (
      <Suspense fallback={null}>
        <SignInCodeForm
          signInToken={signInToken}
          onRestart={() => {
            setSignInToken(null);
            setPassword('');
            mutation.reset();
          }}
        />
      </Suspense>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!email.trim() || !password) {
      setValidationError(t('accounts.signIn.required'));
      return;
    }
    setValidationError(null);
    mutation.mutate({ email: email.trim(), password });
  }

  const failure = mutation.isError ? (serverErrorText(mutation.error) ?? t('accounts.signIn.failed')) : null;
  const unconfirmed = mutation.error instanceof ApiError && mutation.error.status === 403;
  const message = validationError ?? failure;

  return (
    <form onSubmit={submit} className="space-y-4">
      {message ? (
        <Alert>
          {message}
          {unconfirmed && !validationError ? (
            <span className="mt-1 block">
              <TextLink to="/email-confirmation">{t('accounts.signIn.enterConfirmationCode')}</TextLink>
            </span>
          ) : null}
        </Alert>
      ) : null}
      <EmailField autoFocus={autoFocus} value={email} onChange={(event) => setEmail(event.target.value)} />
      <TextField
        label={t('accounts.fields.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        labelAside={forgotPassword}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" size="lg" fullWidth busy={mutation.isPending || mutation.isSuccess}>
        {t(mutation.isPending ? 'accounts.signIn.busy' : 'accounts.signIn.submit')}
      </Button>
    </form>
  );
}
