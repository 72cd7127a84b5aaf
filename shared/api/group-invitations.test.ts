import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import {
  AnswerGroupInvitationBodySchema,
  CreateGroupInvitationBodySchema,
  GROUP_INVITATION_MESSAGES,
  InviteLinkBodySchema,
  InviteLinkSchema,
} from './group-invitations';

/** The contracts of invitations into groups and group links (ADR 041). */

describe('an invitation into a group', () => {
  it('names a member or an email address, never both nor neither; the role is optional', () => {
    expect(CreateGroupInvitationBodySchema.parse({ invitation: { user_id: UUID } })).toEqual({
      invitation: { user_id: UUID },
    });
    expect(
      CreateGroupInvitationBodySchema.parse({
        invitation: { email: ' Ada@Example.TEST ', role: 'Commentor' },
      }),
    ).toEqual({ invitation: { email: 'ada@example.test', role: 'Commentor' } });
    for (const invitation of [{}, { user_id: UUID, email: 'ada@example.test' }, { role: 'Poster' }]) {
      expect(refusals(CreateGroupInvitationBodySchema, { invitation })).toEqual([
        ['invitation.base', GROUP_INVITATION_MESSAGES.oneInvitee],
      ]);
    }
  });

  it('refuses an id that is not one, an address that is not one, and a role that does not exist', () => {
    expect(refusals(CreateGroupInvitationBodySchema, { invitation: { user_id: 'nope' } })).toEqual([
      ['invitation.user_id', 'is not a valid id'],
    ]);
    expect(refusals(CreateGroupInvitationBodySchema, { invitation: { email: 'nope' } })).toEqual([
      ['invitation.email', 'is not a valid email address'],
    ]);
    expect(
      refusals(CreateGroupInvitationBodySchema, { invitation: { user_id: UUID, role: 'King' } })[0]?.[0],
    ).toBe('invitation.role');
  });

  it('is answered accepted or declined, nothing else', () => {
    expect(
      AnswerGroupInvitationBodySchema.safeParse({ group_invitation: { status: 'accepted' } }).success,
    ).toBe(true);
    expect(refusals(AnswerGroupInvitationBodySchema, { group_invitation: { status: 'maybe' } })).toEqual([
      ['group_invitation.status', 'must be one of accepted, declined'],
    ]);
  });
});

describe('a group link', () => {
  it('lasts 1 to 90 days and allows 1 to 1000 uses, or no limit', () => {
    expect(InviteLinkBodySchema.parse({ invite_link: {} })).toEqual({ invite_link: {} });
    expect(refusals(InviteLinkBodySchema, { invite_link: { expires_in_days: 90, max_uses: 1000 } })).toEqual(
      [],
    );
    expect(refusals(InviteLinkBodySchema, { invite_link: { max_uses: null } })).toEqual([]);
    expect(refusals(InviteLinkBodySchema, { invite_link: { expires_in_days: 0 } })).toEqual([
      ['invite_link.expires_in_days', 'must be greater than or equal to 1'],
    ]);
    expect(refusals(InviteLinkBodySchema, { invite_link: { expires_in_days: 91 } })).toEqual([
      ['invite_link.expires_in_days', 'must be less than or equal to 90'],
    ]);
    expect(refusals(InviteLinkBodySchema, { invite_link: { max_uses: 1001 } })).toEqual([
      ['invite_link.max_uses', 'must be less than or equal to 1000'],
    ]);
  });

  it('is answered with every field of its state', () => {
    expectEveryFieldRequired(InviteLinkSchema, {
      enabled: true,
      url: null,
      expires_at: '2030-01-22T12:00:00.000Z',
      max_uses: 5,
      uses: 1,
      usable: true,
    });
  });
});
