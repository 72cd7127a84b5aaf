import { describe, expect, it } from 'vitest';
import { canCreateInvitation, invitingRefusal, openInvitationQuota } from './invitations.policy';

describe('invitations policy', () => {
  it('lets a member hold 10 open invitations', () => {
    expect(openInvitationQuota({ isAdmin: false })).toBe(10);
    expect(canCreateInvitation({ isAdmin: false }, 0)).toBe(true);
    expect(canCreateInvitation({ isAdmin: false }, 9)).toBe(true);
    expect(canCreateInvitation({ isAdmin: false }, 10)).toBe(false);
  });

  it('gives admins no limit', () => {
    expect(openInvitationQuota({ isAdmin: true })).toBeNull();
    expect(canCreateInvitation({ isAdmin: true }, 10_000)).toBe(true);
  });
});

describe('invitingRefusal', () => {
  const joined = new Date('2026-03-01T12:00:00Z');
  const member = { isAdmin: false, canInvite: true, createdAt: joined };
  it('lets a member invite once the waiting period has passed', () => {
    expect(invitingRefusal(member, 0, joined)).toBeNull();
    expect(invitingRefusal(member, 7, new Date('2026-03-08T12:00:00Z'))).toBeNull();
  });
  it('says from when a waiting member may invite', () => {
    expect(invitingRefusal(member, 7, new Date('2026-03-08T11:59:59Z'))).toBe(
      'New members can invite 7 days after joining: you can from 2026-03-08.',
    );
  });
  it('refuses a member whose inviting is switched off, never an admin', () => {
    expect(invitingRefusal({ ...member, canInvite: false }, 0, joined)).toBe(
      'An admin has switched off inviting for your account.',
    );
    expect(invitingRefusal({ ...member, isAdmin: true, canInvite: false }, 365, joined)).toBeNull();
  });
});
