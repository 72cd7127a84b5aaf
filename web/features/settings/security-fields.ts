import { fieldErrorsOf } from '@web/lib/api-errors';

/** Field errors of the Security forms read as sentences: 'Current password is incorrect'. */
const LABELS: Record<string, string> = {
  current_password: 'Current password',
  password: 'New password',
  password_confirmation: 'Confirmation',
  email: 'New email address',
  code: 'Code',
};

/** The sentence for one field of a failed call, or undefined. */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  const messages = fieldErrorsOf(error)[field];
  return messages ? `${LABELS[field] ?? field} ${messages.join(', ')}` : undefined;
}

/** Whether a failed call's errors are all shown beside the given fields. */
export function explainedBy(error: unknown, fields: string[]): boolean {
  const named = Object.keys(fieldErrorsOf(error));
  return named.length > 0 && named.every((field) => fields.includes(field));
}
