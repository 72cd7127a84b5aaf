import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { TextField } from '@web/components/input';
import { changePassword, securityKeys } from './security-api';
import { CurrentPasswordField, FormError, useSecurityForm } from './security-form';

/** Change password: the current one first; every other device is signed out. */
export function PasswordSection() {
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
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs out every other device.</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="space-y-4" aria-label="Change password">
          {change.isSuccess ? <Alert variant="success">{change.data.message}</Alert> : null}
          <FormError message={unexplained} />
          <CurrentPasswordField {...field('current_password')} />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            {...field('password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            {...field('password_confirmation')}
          />
          <div className="flex justify-end">
            <Button type="submit" busy={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
