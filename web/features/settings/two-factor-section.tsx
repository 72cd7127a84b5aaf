import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSecurity, TwoFactorSetup } from '@shared/api/account';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { TextField } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
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
  const t = useT();
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
        <CardTitle>{t('settings.twoFactor.title')}</CardTitle>
        <CardDescription>
          {security.two_factor_enabled
            ? t('settings.twoFactor.on', { count: security.recovery_codes_left })
            : t('settings.twoFactor.off')}
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
  const t = useT();
  const [asking, setAsking] = useState(false);
  const { mutation, field, submit, unexplained } = useSecurityForm({
    empty: { current_password: '' },
    send: ({ current_password }) => startTwoFactor(current_password),
    onSuccess: onStarted,
  });

  if (!asking) {
    return <Button onClick={() => setAsking(true)}>{t('settings.twoFactor.setUp')}</Button>;
  }
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('settings.twoFactor.setUp')}>
      <FormError message={unexplained} />
      <CurrentPasswordField {...field('current_password')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={() => setAsking(false)}>
          {t('settings.twoFactor.cancel')}
        </Button>
        <Button type="submit" busy={mutation.isPending}>
          {t('settings.twoFactor.continue')}
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
  const t = useT();
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
    <form onSubmit={submit} className="space-y-4" aria-label={t('settings.twoFactor.turnOnTitle')}>
      <p className="text-sm text-stone-700">{t('settings.twoFactor.scan')}</p>
      <img
        src={setup.qr_code}
        alt={t('settings.twoFactor.qrCode')}
        className="size-48 rounded-lg border border-stone-200 bg-white p-2"
      />
      <p className="text-sm text-stone-700">
        <Message
          id="settings.twoFactor.key"
          values={{ secret: setup.secret }}
          components={{
            key: (
              <code
                className="break-all rounded bg-stone-100 px-1.5 py-0.5 font-mono"
                data-testid="totp-secret"
              />
            ),
          }}
        />
      </p>
      {confirm.isError && !explainedBy(confirm.error, ['code']) ? (
        <Alert>{errorMessage(confirm.error)}</Alert>
      ) : null}
      <TextField
        label={t('settings.twoFactor.code')}
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
          {t('settings.twoFactor.cancel')}
        </Button>
        <Button type="submit" busy={confirm.isPending}>
          {t('settings.twoFactor.turnOn')}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodesNotice({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <div className="space-y-3">
      <Alert variant="success" title={t('settings.twoFactor.saveCodes')}>
        {t('settings.twoFactor.saveCodesText')}
      </Alert>
      <ul
        aria-label={t('settings.twoFactor.recoveryCodes')}
        className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-stone-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('settings.twoFactor.saved')}</Button>
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
  const t = useT();
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
          {t('settings.twoFactor.newCodes')}
        </Button>
        <Button variant="danger" onClick={() => setMode('disable')}>
          {t('settings.twoFactor.turnOffTitle')}
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
      aria-label={mode === 'codes' ? t('settings.twoFactor.newCodes') : t('settings.twoFactor.turnOffTitle')}
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
          label={t('settings.twoFactor.disableCode')}
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldErrorOf(failed, 'code')}
        />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={() => setMode('idle')}>
          {t('settings.twoFactor.cancel')}
        </Button>
        <Button type="submit" variant={mode === 'disable' ? 'danger' : 'primary'} busy={pending}>
          {mode === 'codes' ? t('settings.twoFactor.showCodes') : t('settings.twoFactor.turnOff')}
        </Button>
      </div>
    </form>
  );
}
