import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals } from '../../tests/support/contract-checks';
import { BLANK } from './fields';
import {
  CheckInvitationBodySchema,
  CheckInvitationResponseSchema,
  CreateInvitationBodySchema,
  INVITATION_MESSAGES,
  InvitationListSchema,
  InvitationSchema,
} from './invitations';

/**
 * The invitation contracts (spec sections 3, 7 and 8): checking a code, creating an invitation,
 * the messages members read, and the exact shape of an invitation.
 */

describe('the texts members read', () => {
  it("are the product texts, word for word ('Invalid invitation code' is the spec's)", () => {
    expect(INVITATION_MESSAGES.invalidCode).toBe('Invalid invitation code');
    expect(INVITATION_MESSAGES.codeInvalid).toBe('is invalid or has expired');
    expect(INVITATION_MESSAGES.quotaReached).toBe('You can have at most 10 open invitations.');
    expect(INVITATION_MESSAGES.invitingOff).toBe('An admin has switched off inviting for your account.');
    expect(INVITATION_MESSAGES.waiting(7, '2026-12-04')).toBe(
      'New members can invite 7 days after joining: you can from 2026-12-04.',
    );
  });
});

describe('checking a code', () => {
  const check = (code: unknown) => refusals(CheckInvitationBodySchema, { invitation: { code } });

  it('takes {invitation:{code}}, trimmed', () => {
    expect(CheckInvitationBodySchema.parse({ invitation: { code: ' abc123 ' } })).toEqual({
      invitation: { code: 'abc123' },
    });
  });

  it('needs a code (spec: Invitation code is required) of at most 200 characters', () => {
    expect(check('  ')).toEqual([['invitation.code', BLANK]]);
    expect(check(undefined)).toEqual([['invitation.code', BLANK]]);
    expect(check('c'.repeat(200))).toEqual([]);
    expect(check('c'.repeat(201))).toEqual([['invitation.code', 'is too long (maximum is 200 characters)']]);
    expect(refusals(CheckInvitationBodySchema, {}).map(([path]) => path)).toEqual(['invitation']);
  });

  it('answers valid, and on failure an error (spec section 7)', () => {
    expect(CheckInvitationResponseSchema.parse({ valid: true })).toEqual({ valid: true });
    const refused = { valid: false, error: INVITATION_MESSAGES.invalidCode };
    expect(CheckInvitationResponseSchema.parse(refused)).toEqual(refused);
    expect(CheckInvitationResponseSchema.safeParse({ error: 'x' }).success).toBe(false);
    expect(CheckInvitationResponseSchema.safeParse({ valid: 'true' }).success).toBe(false);
    expect(CheckInvitationResponseSchema.safeParse({ valid: false, error: 404 }).success).toBe(false);
  });
});

describe('creating an invitation', () => {
  it("takes {invitation:{email}}, the friend's email trimmed and lower-cased", () => {
    expect(CreateInvitationBodySchema.parse({ invitation: { email: ' Bob@Example.com ' } })).toEqual({
      invitation: { email: 'bob@example.com' },
    });
    expect(refusals(CreateInvitationBodySchema, { invitation: { email: '' } })).toEqual([
      ['invitation.email', BLANK],
    ]);
    expect(refusals(CreateInvitationBodySchema, { invitation: { email: 'bob' } })).toEqual([
      ['invitation.email', 'is not a valid email address'],
    ]);
  });
});

describe('an invitation as the API answers it', () => {
  const created = {
    id: 'i1',
    email: 'bob@example.com',
    code: 'abc123',
    url: 'https://hearth.example/invitation?code=abc123',
    created_at: '2026-11-21T23:43:00.000Z',
    expires_at: '2026-12-21T23:43:00.000Z',
    redeemed: false,
    recipient_id: null,
  };

  it('carries the spec fields (id, email, code, created_at, recipient_id) and more, every field required', () => {
    expectEveryFieldRequired(InvitationSchema, created);
  });

  it('is listed without its code or link, and with its recipient once redeemed', () => {
    const listed = { ...created, email: null, code: null, url: null, redeemed: true, recipient_id: 'u2' };
    expect(InvitationListSchema.parse([listed])).toEqual([listed]);
    expect(InvitationSchema.safeParse({ ...created, redeemed: null }).success).toBe(false);
    expect(InvitationSchema.safeParse({ ...created, expires_at: null }).success).toBe(false);
  });
});
