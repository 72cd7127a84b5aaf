import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals } from '../../tests/support/contract-checks';
import {
  AdminMemberQuerySchema,
  AdminMemberSchema,
  INVITE_WAITING_DAYS_MAX,
  SiteSettingsSchema,
  UpdateAdminMemberBodySchema,
  UpdateSiteSettingsBodySchema,
} from './admin-members';
import { BLANK } from './fields';

/** The admin controls over inviting: the site's waiting period, finding a member, and their switch. */

describe('the site settings', () => {
  const days = (value: unknown) =>
    refusals(UpdateSiteSettingsBodySchema, { settings: { invite_waiting_days: value } }).map(
      ([path]) => path,
    );

  it('take a waiting period of 0 to 365 whole days', () => {
    expect(INVITE_WAITING_DAYS_MAX).toBe(365);
    expect(UpdateSiteSettingsBodySchema.parse({ settings: { invite_waiting_days: 0 } })).toEqual({
      settings: { invite_waiting_days: 0 },
    });
    expect(days(365)).toEqual([]);
    for (const value of [-1, 366, 1.5, '7', null, undefined])
      expect(days(value), String(value)).toEqual(['settings.invite_waiting_days']);
  });

  it('say what is wrong with a waiting period in words', () => {
    const said = (value: unknown) =>
      refusals(UpdateSiteSettingsBodySchema, { settings: { invite_waiting_days: value } });
    const path = 'settings.invite_waiting_days';
    expect(said(-1)).toEqual([[path, 'must be greater than or equal to 0']]);
    expect(said(366)).toEqual([[path, 'must be less than or equal to 365']]);
    expect(said(1.5)).toEqual([[path, 'must be a whole number']]);
    expect(said('7')).toEqual([[path, 'is not a number']]);
  });

  it('are answered with every setting present', () => {
    expectEveryFieldRequired(SiteSettingsSchema, { invite_waiting_days: 7 });
  });
});

describe('finding a member by username', () => {
  it('takes the username trimmed, refuses blank, and limits it to 100 characters', () => {
    expect(AdminMemberQuerySchema.parse({ username: ' Ada_L ' })).toEqual({ username: 'Ada_L' });
    expect(refusals(AdminMemberQuerySchema, { username: ' ' })).toEqual([['username', BLANK]]);
    expect(refusals(AdminMemberQuerySchema, {})).toEqual([['username', BLANK]]);
    expect(refusals(AdminMemberQuerySchema, { username: 'u'.repeat(100) })).toEqual([]);
    expect(refusals(AdminMemberQuerySchema, { username: 'u'.repeat(101) })).toEqual([
      ['username', 'is too long (maximum is 100 characters)'],
    ]);
  });

  it('answers the member with their rights, every field required', () => {
    expectEveryFieldRequired(AdminMemberSchema, {
      id: 'u1',
      username: 'ada_l',
      name: 'Ada Lovelace',
      is_admin: false,
      can_invite: true,
      created_at: '2026-11-21T23:43:00.000Z',
    });
  });
});

describe("switching a member's inviting", () => {
  it('takes {member:{can_invite}} as a boolean, nothing else', () => {
    expect(UpdateAdminMemberBodySchema.parse({ member: { can_invite: false } })).toEqual({
      member: { can_invite: false },
    });
    for (const value of ['false', 0, null, undefined])
      expect(
        refusals(UpdateAdminMemberBodySchema, { member: { can_invite: value } }).map(([path]) => path),
      ).toEqual(['member.can_invite']);
  });
});
