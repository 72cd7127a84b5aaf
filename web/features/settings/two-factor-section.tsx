import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSecurity, TwoFactorSetup } from '@shared/api/account';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { TextField } from '@web/components/input';
import { errorMessage } from '@web/lib/api-errors';
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  securityKeys,
  startTwoFactor,
} from './security-api';
import { CurrentPasswordField, FormError, useSecurityForm } from './security-form';
import { explainedBy, fieldErrorOf } from './security-fields';

/** Two-factor sign-in: enrol with an authenticator app, recovery codes, regenerate, turn off. */
export function TwoFactorSection({ security }: { security: AccountSecurity }) {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.security() });

  const showCodes = (codes: string[]) => {
    setSetup(null);
    setRecoveryCodes(codes);
    void refresh();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>
          {security.two_factor_enabled
            ? `On: signing in asks for a code from your authenticator app. ${security.recovery_codes_left} recovery codes left.`
            : 'Off: signing in asks only for your password. Turn it on to also ask for a code from an authenticator app.'}
        </CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        {recoveryCodes ? (
          <RecoveryCodesNotice codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : setup ? (
          <Enrolment setup={setup} onEnabled={(codes) => showCodes(codes)} onCancel={() => setSetup(null)} />
        ) : security.two_factor_enabled ? (
          <EnabledControls onNewCodes={showCodes} onDisabled={() => void refresh()} />
        ) : (
          <StartEnrolment onStarted={setSetup} />
        )}
      </CardBody>
    </Card>
  );
}

/** The button, then the current password: enrolment starts only once the server has checked it. */
function StartEnrolment({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const [asking, setAsking] = useState(false);
  const { mutation, field, submit, unexplained } = useSecurityForm({
    empty: { current_password: '' },
    send: ({ current_password }) => startTwoFactor(current_password),
    onSuccess: onStarted,
  });

  if (!asking) {
    return <Button onClick={() => setAsking(true)}>Set up two-factor sign-in</Button>;
  }
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Set up two-factor sign-in">
      <FormError message={unexplained} />
      <CurrentPasswordField {...field('current_password')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={() => setAsking(false)}>
          Cancel
        </Button>
        <Button type="submit" busy={mutation.isPending}>
          Continue
        </Button>
      </div>
    </form>
  );
}

function Enrolment({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const confirm = useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: (data) => onEnabled(data.recovery_codes),
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirm.isPending) confirm.mutate(code);
  }
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Turn on two-factor sign-in">
      <p className="text-sm text-stone-700">
        Scan this code with your authenticator app (for example Aegis, Google Authenticator or 1Password),
        then enter the 6-digit code it shows.
      </p>
      <img
        src={setup.qr_code}
        alt="QR code for your authenticator app"
        className="size-48 rounded-lg border border-stone-200 bg-white p-2"
      />
      <p className="text-sm text-stone-700">
        Can't scan it? Enter this key instead:{' '}
        <code className="break-all rounded bg-stone-100 px-1.5 py-0.5 font-mono" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      {confirm.isError && !explainedBy(confirm.error, ['code']) ? (
        <Alert>{errorMessage(confirm.error)}</Alert>
      ) : null}
      <TextField
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        maxLength={8}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldErrorOf(confirm.error, 'code')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={confirm.isPending}>
          Turn on
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodesNotice({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3">
      <Alert variant="success" title="Save your recovery codes">
        Each one signs you in once if you lose your authenticator app. This is the only time they are shown.
      </Alert>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-stone-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

function EnabledControls({
  onNewCodes,
  onDisabled,
}: {
  onNewCodes: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const [mode, setMode] = useState<'idle' | 'codes' | 'disable'>('idle');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const regenerate = useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: (data) => onNewCodes(data.recovery_codes),
  });
  const disable = useMutation({ mutationFn: disableTwoFactor, onSuccess: onDisabled });
  const pending = regenerate.isPending || disable.isPending;
  const failed = mode === 'codes' ? regenerate.error : disable.error;

  if (mode === 'idle') {
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setMode('codes')}>
          New recovery codes
        </Button>
        <Button variant="danger" onClick={() => setMode('disable')}>
          Turn off two-factor sign-in
        </Button>
      </div>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (mode === 'codes') regenerate.mutate(password);
    else disable.mutate({ current_password: password, code });
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-4"
      aria-label={mode === 'codes' ? 'New recovery codes' : 'Turn off two-factor sign-in'}
    >
      {failed && !explainedBy(failed, ['current_password', 'code']) ? (
        <Alert>{errorMessage(failed)}</Alert>
      ) : null}
      <CurrentPasswordField
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrorOf(failed, 'current_password')}
      />
      {mode === 'disable' ? (
        <TextField
          label="Code from your app or a recovery code"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldErrorOf(failed, 'code')}
        />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={() => setMode('idle')}>
          Cancel
        </Button>
        <Button type="submit" variant={mode === 'disable' ? 'danger' : 'primary'} busy={pending}>
          {mode === 'codes' ? 'Show new codes' : 'Turn off'}
        </Button>
      </div>
    </form>
  );
}
