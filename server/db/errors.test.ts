import { describe, expect, it } from 'vitest';
import { foreignKeyViolation, uniqueViolation } from './errors';

describe('constraint violations', () => {
  const unique = { code: '23505', constraint: 'public_posts_slug_idx' };
  const foreignKey = { code: '23503', constraint: 'public_posts_post_id_posts_id_fk' };

  it('names the constraint, also when Drizzle wraps the driver error in cause', () => {
    expect(uniqueViolation(unique)).toBe('public_posts_slug_idx');
    expect(uniqueViolation(new Error('query failed', { cause: unique }))).toBe('public_posts_slug_idx');
    expect(foreignKeyViolation(new Error('query failed', { cause: foreignKey }))).toBe(
      'public_posts_post_id_posts_id_fk',
    );
  });

  it('tells the two apart and ignores other errors', () => {
    expect(uniqueViolation(foreignKey)).toBeNull();
    expect(foreignKeyViolation(unique)).toBeNull();
    expect(uniqueViolation(new Error('connection lost'))).toBeNull();
    expect(foreignKeyViolation({ code: '23503' })).toBe('');
  });
});
