import { expect } from 'vitest';
import type { z } from 'zod';

/** Checks shared by the API contracts' unit tests (shared/api/*.test.ts). */

/** An id of the right shape. */
export const UUID = '11111111-1111-4111-8111-111111111111';

/** What `schema` refuses in `value`: each issue as [its path, joined with dots, and its message]. */
export function refusals(schema: z.ZodType, value: unknown): string[][] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

/** `shape` parses to itself, and dropping any one of its fields fails: every field is required. */
export function expectEveryFieldRequired(schema: z.ZodType, shape: Record<string, unknown>) {
  expect(schema.parse(shape)).toEqual(shape);
  for (const field of Object.keys(shape)) {
    const { [field]: _dropped, ...without } = shape;
    expect(schema.safeParse(without).success, `without ${field}`).toBe(false);
  }
}
