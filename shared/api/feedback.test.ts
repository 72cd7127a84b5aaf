import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals } from '../../tests/support/contract-checks';
import { AdminFeedbackListSchema, AdminFeedbackSchema, FeedbackBodySchema, FeedbackSchema } from './feedback';
import { BLANK } from './fields';

/** The feedback contracts (spec sections 3, 5 and 7): {feedback:{content}} and its review by admins. */

describe('sending feedback', () => {
  const send = (content: unknown) => refusals(FeedbackBodySchema, { feedback: { content } });

  it('takes the content trimmed, refuses it blank (spec section 5), and limits it to 10,000 characters', () => {
    expect(FeedbackBodySchema.parse({ feedback: { content: '  Love it.  ' } })).toEqual({
      feedback: { content: 'Love it.' },
    });
    expect(send('  ')).toEqual([['feedback.content', BLANK]]);
    expect(send(undefined)).toEqual([['feedback.content', BLANK]]);
    expect(send('f'.repeat(10_000))).toEqual([]);
    expect(send('f'.repeat(10_001))).toEqual([
      ['feedback.content', 'is too long (maximum is 10000 characters)'],
    ]);
  });

  it('answers the feedback sent, every field required', () => {
    expectEveryFieldRequired(FeedbackSchema, {
      id: 'f1',
      content: 'Love it.',
      created_at: '2026-11-21T23:43:00Z',
    });
  });
});

describe('feedback as admins review it', () => {
  const reviewed = {
    id: 'f1',
    content: 'Love it.',
    created_at: '2026-11-21T23:43:00Z',
    created_at_human: 'November 21, 2026 at 11:43 PM UTC',
    user_id: 'u1',
    username: 'ada_l',
    name: 'Ada Lovelace',
    avatar: null,
  };

  it('names its author, every field required', () => {
    expectEveryFieldRequired(AdminFeedbackSchema, reviewed);
  });

  it('keeps feedback whose author is gone, with nobody named', () => {
    const orphan = { ...reviewed, user_id: null, username: null, name: null, avatar: null };
    expect(AdminFeedbackListSchema.parse([orphan])).toEqual([orphan]);
  });
});
