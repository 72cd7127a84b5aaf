import { describe, expect, it } from 'vitest';
import { isUnavailable } from './errors';

describe('isUnavailable', () => {
  const threadStopped = Object.assign(new Error('the database thread stopped'), { statusCode: 503 });
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('answers for a 503 and for an unreachable PostgreSQL, as such or wrapped', () => {
    expect(isUnavailable(threadStopped)).toBe(true);
    expect(isUnavailable(new Error('Failed query: select 1', { cause: threadStopped }))).toBe(true);
    expect(isUnavailable(new Error('Failed query', { cause: new Error('again', { cause: refused }) }))).toBe(
      true,
    );
    expect(isUnavailable(new AggregateError([new Error('other'), refused], 'connect failed'))).toBe(true);
    expect(isUnavailable({ code: '57P03' })).toBe(true); // the database system is starting up
  });

  it('leaves other errors alone, and stops on an error that wraps itself', () => {
    expect(isUnavailable(new Error('Failed query', { cause: { code: '23505' } }))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('not found'), { statusCode: 404 }))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('full'), { statusCode: 507 }))).toBe(false);
    const looped: { message: string; cause?: unknown } = { message: 'looped' };
    looped.cause = looped;
    expect(isUnavailable(looped)).toBe(false);
    expect(isUnavailable(null)).toBe(false);
    expect(isUnavailable('503')).toBe(false);
  });
});
