import { describe, expect, it } from 'vitest';
import { connectionFailure, findCause, foreignKeyViolation, uniqueViolation } from './errors';

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

describe('connectionFailure', () => {
  // As the error handler asks it (isUnavailable): anywhere in what the error wraps.
  const databaseUnreachable = (error: unknown) => findCause(error, connectionFailure) !== null;
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('recognises a server that is down, restarting or crashed, also wrapped by Drizzle', () => {
    expect(databaseUnreachable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(databaseUnreachable(new AggregateError([refused], 'connect failed'))).toBe(true);
    expect(databaseUnreachable({ code: '57P01' })).toBe(true); // terminated by an administrator
    expect(databaseUnreachable({ code: '57P02' })).toBe(true); // crash of another server process
    expect(databaseUnreachable({ code: '57P03' })).toBe(true); // the database system is starting up
    expect(databaseUnreachable({ code: '08006' })).toBe(true); // connection failure
    expect(databaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves errors of the query itself alone (they stay 4xx or 500)', () => {
    expect(databaseUnreachable({ code: '23505' })).toBe(false);
    expect(databaseUnreachable({ code: '42P01' })).toBe(false); // undefined table
    expect(databaseUnreachable({ code: '57014' })).toBe(false); // statement timeout
    expect(databaseUnreachable(new Error('Failed query', { cause: new Error('syntax error') }))).toBe(false);
    expect(databaseUnreachable(null)).toBe(false);
  });
});
