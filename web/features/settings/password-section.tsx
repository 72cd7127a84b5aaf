import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { TextField } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { changePassword, securityKeys } from './security-api';
import { CurrentPasswordField, FormError, useSecurityForm } from './security-form';

/** Change password: the current one first; every other device is signed out. */
export function PasswordSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const {
    mutation: change,
    field,
    submit,
    unexplained,
  } = useSecurityForm({
    empty: { current_password: '', password: '', password_confirmation: '' },
    send: changePassword,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.password.title')}</CardTitle>
        <CardDescription>{t('settings.password.description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="space-y-4" aria-label={t('settings.password.change')}>
          {change.isSuccess ? <Alert variant="success">{change.data.message}</Alert> : null}
          <FormError message={unexplained} />
          <CurrentPasswordField {...field('current_password')} />
          <TextField
            label={t('settings.password.new')}
            type="password"
            autoComplete="new-password"
            required
            {...field('password')}
          />
          <TextField
            label={t('settings.password.confirm')}
            type="password"
            autoComplete="new-password"
            required
            {...field('password_confirmation')}
          />
          <div className="flex justify-end">
            <Button type="submit" busy={change.isPending}>
              {change.isPending ? t('settings.password.changing') : t('settings.password.change')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
