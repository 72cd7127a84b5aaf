import { describe, expect, it } from 'vitest';
import { NEW_POLL_DRAFT, pollOf, pollProblem } from './poll-fields';

describe('the composer’s poll draft', () => {
  const now = new Date('2027-03-01T12:00:00Z');
  const draft = (fields: Partial<typeof NEW_POLL_DRAFT>) => ({ ...NEW_POLL_DRAFT, ...fields });

  it('wants two different options and a closing time ahead, as the server does', () => {
    expect(pollProblem(draft({ options: ['Park', '  '] }), now)).toBe('options');
    expect(pollProblem(draft({ options: ['Park', ' PARK '] }), now)).toBe('duplicate');
    expect(pollProblem(draft({ options: ['Park', 'Library'], closesAt: '2027-02-28T12:00' }), now)).toBe(
      'closesAt',
    );
    expect(
      pollProblem(draft({ options: ['Park', 'Library'], closesAt: '2027-03-09T12:00' }), now),
    ).toBeNull();
    expect(pollProblem(draft({ options: ['Park', 'Library'] }), now)).toBeNull();
  });

  it('sends trimmed options without the blank ones, and the closing time as an instant', () => {
    const sent = pollOf(draft({ options: [' Park ', '', 'Library'], closesAt: '2027-03-09T12:00' }));
    expect(sent.options).toEqual(['Park', 'Library']);
    expect(sent.closes_at).toBe(new Date('2027-03-09T12:00').toISOString());
    expect(pollOf(draft({ options: ['A', 'B'] })).closes_at).toBeNull();
  });
});
