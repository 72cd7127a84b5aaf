import { describe, expect, it } from 'vitest';
import { SessionPresence } from './session-presence';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, seconds));

describe('SessionPresence', () => {
  it('is due once the database mark is older than the interval', () => {
    const presence = new SessionPresence(60_000);
    expect(presence.due('s', at(0), at(60))).toBe(false);
    expect(presence.due('s', at(0), at(61))).toBe(true);
  });

  it("is not due again after this process's own mark, though the kept session still says older", () => {
    const presence = new SessionPresence(60_000);
    presence.marked('s', at(61));
    // The kept session still carries the first mark (at 0): the memo decides.
    expect(presence.due('s', at(0), at(90))).toBe(false);
    expect(presence.due('s', at(0), at(122))).toBe(true);
    // Another session is not covered by this one's mark.
    expect(presence.due('t', at(0), at(90))).toBe(true);
  });

  it('trusts a newer mark from the database (another process wrote it)', () => {
    const presence = new SessionPresence(60_000);
    presence.marked('s', at(0));
    expect(presence.due('s', at(50), at(100))).toBe(false);
  });
});
