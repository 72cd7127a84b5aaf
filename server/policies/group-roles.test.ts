import { describe, expect, it } from 'vitest';
import type { GroupRole } from '../../shared/domain/constants';
import {
  GROUP_ROLE_ORDER,
  assignableRoles,
  canAnswerRequests,
  canGrantRole,
  canCommentInGroup,
  canInviteToGroup,
  canManageGroup,
  canManageInviteLink,
  canModerateGroup,
  canPinInGroup,
  canPostInGroup,
  canRemoveMember,
  isMember,
  NEWCOMER,
  NEWCOMER_ROLE,
  type MaybeRole,
} from './group-roles';

/** Everyone a rule can be asked about: the four roles, and two kinds of non-member. */
const viewers: MaybeRole[] = ['Owner', 'Moderator', 'Poster', 'Commentor', null, undefined];

/** Who may do what, as ARCHITECTURE.md "Group roles" states it, one row per viewer. */
const table: Record<string, [MaybeRole[], (role: MaybeRole) => boolean]> = {
  'is a member': [['Owner', 'Moderator', 'Poster', 'Commentor'], isMember],
  posts: [['Owner', 'Moderator', 'Poster'], canPostInGroup],
  'comments and likes': [['Owner', 'Moderator', 'Poster', 'Commentor'], canCommentInGroup],
  'removes posts and comments': [['Owner', 'Moderator'], canModerateGroup],
  'answers requests to join': [['Owner', 'Moderator'], canAnswerRequests],
  'edits the group': [['Owner'], canManageGroup],
  'pin and unpin posts (ADR 043)': [['Owner', 'Moderator'], canPinInGroup],
};

describe('what each group role may do', () => {
  for (const [action, [allowed, rule]] of Object.entries(table)) {
    it(`only ${allowed.join(', ')} ${action}`, () => {
      for (const viewer of viewers) expect(rule(viewer), String(viewer)).toBe(allowed.includes(viewer));
    });
  }

  it('lists the roles from Owner down', () => {
    expect(GROUP_ROLE_ORDER).toEqual(['Owner', 'Moderator', 'Poster', 'Commentor']);
  });
});

const other = (role: GroupRole) => ({ role, isSelf: false });

describe('who may change whose role (ADR 020)', () => {
  it('an Owner gives any other member any role but the one they hold, in list order', () => {
    expect(assignableRoles('Owner', other('Commentor'))).toEqual(['Owner', 'Moderator', 'Poster']);
    expect(assignableRoles('Owner', other('Owner'))).toEqual(['Moderator', 'Poster', 'Commentor']);
    expect(canGrantRole('Owner', other('Poster'), 'Owner')).toBe(true);
  });

  it('an Owner may step down (the last-Owner rule is checked elsewhere)', () => {
    expect(assignableRoles('Owner', { role: 'Owner', isSelf: true })).toEqual([
      'Moderator',
      'Poster',
      'Commentor',
    ]);
  });

  it('a Moderator moves Posters and Commentors between those two roles only', () => {
    expect(assignableRoles('Moderator', other('Poster'))).toEqual(['Commentor']);
    expect(assignableRoles('Moderator', other('Commentor'))).toEqual(['Poster']);
    expect(canGrantRole('Moderator', other('Commentor'), 'Moderator')).toBe(false);
    expect(canGrantRole('Moderator', other('Commentor'), 'Owner')).toBe(false);
  });

  it('a Moderator never touches an Owner, another Moderator or their own role', () => {
    expect(assignableRoles('Moderator', other('Owner'))).toEqual([]);
    expect(assignableRoles('Moderator', other('Moderator'))).toEqual([]);
    expect(assignableRoles('Moderator', { role: 'Moderator', isSelf: true })).toEqual([]);
  });

  it('Posters, Commentors and non-members change nothing', () => {
    for (const actor of ['Poster', 'Commentor', null, undefined] as const) {
      for (const role of GROUP_ROLE_ORDER) {
        expect(assignableRoles(actor, other(role)), `${actor} on ${role}`).toEqual([]);
        expect(canGrantRole(actor, other(role), 'Commentor')).toBe(false);
      }
    }
  });
});

describe('who may let a newcomer in, and as what (the same rule as role changes)', () => {
  it('an Owner grants a newcomer any role', () => {
    expect(assignableRoles('Owner', NEWCOMER)).toEqual(['Owner', 'Moderator', 'Poster', 'Commentor']);
  });

  it('a Moderator lets newcomers in as Posters or Commentors, never as Moderators or Owners', () => {
    expect(assignableRoles('Moderator', NEWCOMER)).toEqual(['Poster', 'Commentor']);
    expect(canGrantRole('Moderator', NEWCOMER, 'Moderator')).toBe(false);
    expect(canGrantRole('Moderator', NEWCOMER, 'Owner')).toBe(false);
  });

  it('Posters, Commentors and non-members let no one in', () => {
    for (const actor of ['Poster', 'Commentor', null, undefined] as const) {
      expect(assignableRoles(actor, NEWCOMER), String(actor)).toEqual([]);
    }
  });
});

describe('who may take a member out of the group', () => {
  it('any member may leave, whatever their role', () => {
    for (const role of GROUP_ROLE_ORDER) expect(canRemoveMember(role, { role, isSelf: true })).toBe(true);
  });

  it('a non-member removes no one, not even a "self"', () => {
    expect(canRemoveMember(null, { role: 'Commentor', isSelf: true })).toBe(false);
    expect(canRemoveMember(undefined, other('Commentor'))).toBe(false);
  });

  it('an Owner removes anyone; a Moderator only Posters and Commentors', () => {
    for (const role of GROUP_ROLE_ORDER) {
      expect(canRemoveMember('Owner', other(role)), role).toBe(true);
      expect(canRemoveMember('Moderator', other(role)), role).toBe(role === 'Poster' || role === 'Commentor');
    }
  });

  it('Posters and Commentors remove no one else', () => {
    for (const role of GROUP_ROLE_ORDER) {
      expect(canRemoveMember('Poster', other(role))).toBe(false);
      expect(canRemoveMember('Commentor', other(role))).toBe(false);
    }
  });
});

describe('inviting people into a group (ADR 041)', () => {
  it("lets Owners and Moderators invite, and keeps the shareable link the Owners' alone", () => {
    expect(GROUP_ROLE_ORDER.filter((role) => canInviteToGroup(role))).toEqual(['Owner', 'Moderator']);
    expect(canInviteToGroup(null)).toBe(false);
    expect(GROUP_ROLE_ORDER.filter((role) => canManageInviteLink(role))).toEqual(['Owner']);
    expect(canManageInviteLink(null)).toBe(false);
  });

  it('gives an invitee only what the one granting rule lets the inviter give a newcomer', () => {
    expect(assignableRoles('Owner', NEWCOMER)).toContain(NEWCOMER_ROLE);
    expect(assignableRoles('Moderator', NEWCOMER)).toEqual(['Poster', 'Commentor']);
    expect(canGrantRole('Moderator', NEWCOMER, NEWCOMER_ROLE)).toBe(true);
    expect(canGrantRole('Moderator', NEWCOMER, 'Moderator')).toBe(false);
  });
});
