import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@web/app/auth/auth-context';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/input';
import { textLinkClasses } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';

/**
 * The second step of a two-factor sign-in (the /signin page and the sign-in dialog): a code from
 * the authenticator app, or a recovery code. An expired pending sign-in goes back to the password.
 */
export function SignInCodeForm({ signInToken, onRestart }: { signInToken: string; onRestart: () => void }) {
  const t = useT();
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
        <Alert>{t('accounts.codeStep.expired')}</Alert>
        <Button size="lg" fullWidth onClick={onRestart}>
          {t('accounts.codeStep.signInAgain')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('accounts.codeStep.formName')}>
      <p className="text-sm text-stone-700">
        {t(useRecovery ? 'accounts.codeStep.recoveryPrompt' : 'accounts.codeStep.prompt')}
      </p>
      {other ? <Alert>{other}</Alert> : null}
      <TextField
        key={useRecovery ? 'recovery' : 'app'}
        label={t(useRecovery ? 'accounts.codeStep.recoveryCode' : 'accounts.codeStep.appCode')}
        autoFocus
        required
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={useRecovery ? 40 : 8}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={
          fieldMessage
            ? t(useRecovery ? 'accounts.codeStep.recoveryCodeError' : 'accounts.codeStep.codeError', {
                message: fieldMessage,
              })
            : undefined
        }
      />
      <Button type="submit" size="lg" fullWidth busy={mutation.isPending || mutation.isSuccess}>
        {t(mutation.isPending ? 'accounts.codeStep.busy' : 'accounts.codeStep.submit')}
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
          {t(useRecovery ? 'accounts.codeStep.useApp' : 'accounts.codeStep.useRecovery')}
        </button>
        <button type="button" className={textLinkClasses} onClick={onRestart}>
          {t('accounts.codeStep.startOver')}
        </button>
      </div>
    </form>
  );
}
