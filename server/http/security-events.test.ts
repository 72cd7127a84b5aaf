import { describe, expect, it, vi } from 'vitest';
import { logSecurityEvent, SECURITY_EVENTS, type SecurityEventName } from './security-events';

function fakeLogger() {
  return { info: vi.fn(), warn: vi.fn() };
}

describe('logSecurityEvent', () => {
  it('writes one line at the event level, named in security_event, with the fields given', () => {
    const logger = fakeLogger();
    logSecurityEvent(logger, 'sign_in_failed', { ip: '203.0.113.9', member_id: null, step: 'password' });
    expect(logger.info).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.warn).toHaveBeenCalledWith(
      { security_event: 'sign_in_failed', ip: '203.0.113.9', member_id: null, step: 'password' },
      'security event: sign_in_failed',
    );
  });

  it('logs changes a member made at info, and failures, refusals and limits at warn', () => {
    for (const name of Object.keys(SECURITY_EVENTS) as SecurityEventName[]) {
      const logger = fakeLogger();
      logSecurityEvent(logger, name);
      const level = SECURITY_EVENTS[name];
      expect(logger[level], name).toHaveBeenCalledWith({ security_event: name }, `security event: ${name}`);
      expect(logger[level === 'info' ? 'warn' : 'info'], name).not.toHaveBeenCalled();
    }
    expect(SECURITY_EVENTS).toEqual({
      sign_in_failed: 'warn',
      two_factor_enabled: 'info',
      two_factor_disabled: 'info',
      recovery_code_used: 'warn',
      recovery_codes_regenerated: 'info',
      role_changed: 'info',
      role_grant_refused: 'warn',
      access_denied: 'warn',
      rate_limited: 'warn',
      fetch_blocked: 'warn',
    });
  });

  it('cannot be handed a field outside the closed list (a password, a code, an email)', () => {
    const logger = fakeLogger();
    // @ts-expect-error: there is no field for a password, so the type refuses one.
    logSecurityEvent(logger, 'sign_in_failed', { password: 'hunter2' });
    expect(logger.warn).toHaveBeenCalledTimes(1);
    // Type-checked only: an event name outside the list does not compile.
    const unknownName = () =>
      // @ts-expect-error: no such event.
      logSecurityEvent(logger, 'password_seen', {});
    expect(typeof unknownName).toBe('function');
  });
});
