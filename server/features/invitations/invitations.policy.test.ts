import { describe, expect, it } from 'vitest';
import { canCreateInvitation, openInvitationQuota } from './invitations.policy';

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
