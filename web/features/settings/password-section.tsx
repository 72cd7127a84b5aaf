import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { TextField } from '@web/components/input';
import { errorMessage } from '@web/lib/api-errors';
import { changePassword, securityKeys } from './security-api';
import { explainedBy, fieldErrorOf } from './security-fields';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Change password: the current one first; every other device is signed out. */
export function PasswordSection() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setForm(EMPTY);
      void queryClient.invalidateQueries({ queryKey: securityKeys.sessions() });
    },
  });
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!change.isPending) change.mutate(form);
  }

  const unexplained =
    change.isError && !explainedBy(change.error, Object.keys(EMPTY)) ? errorMessage(change.error) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs out every other device.</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="space-y-4" aria-label="Change password">
          {change.isSuccess ? <Alert variant="success">{change.data.message}</Alert> : null}
          {unexplained ? <Alert>{unexplained}</Alert> : null}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            value={form.current_password}
            onChange={set('current_password')}
            error={fieldErrorOf(change.error, 'current_password')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={form.password}
            onChange={set('password')}
            error={fieldErrorOf(change.error, 'password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            value={form.password_confirmation}
            onChange={set('password_confirmation')}
            error={fieldErrorOf(change.error, 'password_confirmation')}
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
