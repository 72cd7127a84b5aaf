import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@web/app/auth/auth-context';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/input';
import { textLinkClasses } from '@web/components/text-link';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';

export const CODE_STEP_TEXT = {
  prompt: 'Enter the 6-digit code from your authenticator app',
  recoveryPrompt: 'Enter one of the recovery codes you saved when you turned on two-factor sign-in',
  useRecovery: 'Use a recovery code',
  useApp: 'Use the code from your app',
  expired: 'Your sign-in has expired. Please sign in again.',
} as const;

/**
 * The second step of a two-factor sign-in (the /signin page and the sign-in dialog): a code from
 * the authenticator app, or a recovery code. An expired pending sign-in goes back to the password.
 */
export function SignInCodeForm({ signInToken, onRestart }: { signInToken: string; onRestart: () => void }) {
  const { completeSignIn } = useAuth();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const mutation = useMutation({ mutationFn: completeSignIn });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending || !code.trim()) return;
    mutation.mutate(useRecovery ? { signInToken, recoveryCode: code } : { signInToken, code });
  }

  const errors = fieldErrorsOf(mutation.error);
  const expired = Boolean(errors.sign_in_token);
  const fieldMessage = (errors.code ?? errors.recovery_code)?.join(', ');
  const other = mutation.isError && !expired && !fieldMessage ? errorMessage(mutation.error) : null;

  if (expired) {
    return (
      <div className="space-y-4">
        <Alert>{CODE_STEP_TEXT.expired}</Alert>
        <Button size="lg" fullWidth onClick={onRestart}>
          Sign in again
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Two-factor sign-in">
      <p className="text-sm text-stone-700">
        {useRecovery ? CODE_STEP_TEXT.recoveryPrompt : CODE_STEP_TEXT.prompt}
      </p>
      {other ? <Alert>{other}</Alert> : null}
      <TextField
        key={useRecovery ? 'recovery' : 'app'}
        label={useRecovery ? 'Recovery code' : 'Authentication code'}
        autoFocus
        required
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={useRecovery ? 40 : 8}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldMessage ? `${useRecovery ? 'Recovery code' : 'Code'} ${fieldMessage}` : undefined}
      />
      <Button type="submit" size="lg" fullWidth busy={mutation.isPending || mutation.isSuccess}>
        {mutation.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className={textLinkClasses}
          onClick={() => {
            setUseRecovery((current) => !current);
            setCode('');
            mutation.reset();
          }}
        >
          {useRecovery ? CODE_STEP_TEXT.useApp : CODE_STEP_TEXT.useRecovery}
        </button>
        <button type="button" className={textLinkClasses} onClick={onRestart}>
          Start over
        </button>
      </div>
    </form>
  );
}
