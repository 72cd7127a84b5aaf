import { t } from '@web/i18n/i18n';
import { fieldErrorsOf } from '@web/lib/api-errors';

/** The fields of the Security forms, as their errors name them: 'Current password is incorrect'. */
const LABELS: Record<string, string> = {
  current_password: 'settings.security.currentPassword',
  password: 'settings.password.new',
  password_confirmation: 'settings.security.confirmation',
  email: 'settings.email.new',
  code: 'settings.security.code',
};

/** The sentence for one field of a failed call, or undefined (in the language shown now). */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  const messages = fieldErrorsOf(error)[field];
  if (!messages) return undefined;
  const label = LABELS[field];
  return t('settings.profile.fieldError', {
    field: label ? t(label) : field,
    problem: messages.join(', '),
  });
}

/** Whether a failed call's errors are all shown beside the given fields. */
export function explainedBy(error: unknown, fields: string[]): boolean {
  const named = Object.keys(fieldErrorsOf(error));
  return named.length > 0 && named.every((field) => fields.includes(field));
}
