import { describe, expect, it } from 'vitest';
import {
  defaultNotificationLevel,
  effectiveNotificationLevel,
  LARGE_GROUP_MEMBERS,
  unreadLabel,
} from './group-notifications';

describe('the default notification level (ADR 045)', () => {
  it('is every post under 50 members and mentions only from 50 on', () => {
    expect(LARGE_GROUP_MEMBERS).toBe(50);
    expect(defaultNotificationLevel(1)).toBe('all');
    expect(defaultNotificationLevel(49)).toBe('all');
    expect(defaultNotificationLevel(50)).toBe('mentions');
    expect(defaultNotificationLevel(5000)).toBe('mentions');
  });

  it("gives way to the member's own choice, whatever the size", () => {
    expect(effectiveNotificationLevel(null, 10)).toBe('all');
    expect(effectiveNotificationLevel(null, 50)).toBe('mentions');
    expect(effectiveNotificationLevel('all', 500)).toBe('all');
    expect(effectiveNotificationLevel('nothing', 3)).toBe('nothing');
  });
});

describe('unreadLabel', () => {
  it('says nothing for none, the number up to 99, and 99+ past it', () => {
    expect(unreadLabel(0)).toBe('');
    expect(unreadLabel(1)).toBe('1');
    expect(unreadLabel(99)).toBe('99');
    expect(unreadLabel(100)).toBe('99+');
  });
});
