import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../lib/html';
import { MailPayloadSchema, renderMail } from './mail.job';

const ORIGIN = 'https://hearth.example';

describe('mail templates', () => {
  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('invitation: names the inviter, links to /invitation?code= and shows the code', () => {
    const mail = renderMail(
      {
        template: 'invitation',
        to: 'a@example.test',
        locale: 'en',
        code: 'C0de_-x',
        inviterName: 'Ada Lovelace',
      },
      ORIGIN,
    );
    expect(mail.to).toBe('a@example.test');
    expect(mail.subject).toBe("You're invited to join Hearth");
    expect(mail.text).toContain('Ada Lovelace has invited you to join Hearth');
    expect(mail.text).toContain('Accept the invitation: https://hearth.example/invitation?code=C0de_-x');
    expect(mail.text).toContain('expires in 30 days');
    expect(mail.html).toContain('<a href="https://hearth.example/invitation?code=C0de_-x"');
    expect(mail.html).toContain('>C0de_-x</p>');
  });

  it('invitation into a group: names the group in the subject and the text, escaped in the HTML', () => {
    const mail = renderMail(
      {
        template: 'invitation',
        to: 'a@example.test',
        locale: 'en',
        code: 'c',
        inviterName: 'Ada',
        groupName: 'Chess <Club>',
      },
      ORIGIN,
    );
    expect(mail.subject).toBe("You're invited to join the group “Chess <Club>” on Hearth");
    expect(mail.text).toContain('Ada has invited you to join the group “Chess <Club>” on Hearth');
    expect(mail.text).toContain('you are in “Chess <Club>”');
    expect(mail.html).toContain('Chess &lt;Club&gt;');
    expect(mail.html).not.toContain('Chess <Club>');
  });

  it('invitation without an inviter (command line, bootstrap)', () => {
    const mail = renderMail(
      { template: 'invitation', to: 'a@example.test', locale: 'en', code: 'c', inviterName: null },
      ORIGIN,
    );
    expect(mail.text).toMatch(/^You have been invited to join Hearth/);
  });

  it('escapes member-supplied text in the HTML and keeps it plain in the text', () => {
    const mail = renderMail(
      {
        template: 'invitation',
        to: 'a@example.test',
        locale: 'en',
        code: 'c',
        inviterName: '<script>alert(1)</script> & "Bob"',
      },
      ORIGIN,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Bob&quot;');
    expect(mail.text).toContain('<script>alert(1)</script> & "Bob" has invited you');
  });

  it('confirmation: the code and a link to /email-confirmation?code=, valid 24 hours', () => {
    const mail = renderMail(
      { template: 'confirmation', to: 'a@example.test', locale: 'en', code: 'abc_DEF-123' },
      ORIGIN,
    );
    expect(mail.subject).toBe('Confirm your email address for Hearth');
    expect(mail.text).toContain('https://hearth.example/email-confirmation?code=abc_DEF-123');
    expect(mail.text).toContain('    abc_DEF-123');
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain('href="https://hearth.example/email-confirmation?code=abc_DEF-123"');
  });

  it('password reset: the token and a link to /password-reset?token=, valid 6 hours', () => {
    const mail = renderMail(
      { template: 'password_reset', to: 'a@example.test', locale: 'en', token: 'tok_EN-1' },
      ORIGIN,
    );
    expect(mail.subject).toBe('Reset your Hearth password');
    expect(mail.text).toContain('https://hearth.example/password-reset?token=tok_EN-1');
    expect(mail.text).toContain('    tok_EN-1');
    expect(mail.text).toContain('6 hours');
    expect(mail.html).toContain('href="https://hearth.example/password-reset?token=tok_EN-1"');
  });

  it('sign-up attempt: tells the owner, links to sign-in and to the reset request, carries no code', () => {
    const mail = renderMail({ template: 'sign_up_attempt', to: 'a@example.test', locale: 'en' }, ORIGIN);
    expect(mail.subject).toBe('Someone tried to sign up to Hearth with your address');
    expect(mail.text).toContain('already belongs to your account');
    expect(mail.text).toContain('Sign in: https://hearth.example/signin');
    expect(mail.text).toContain('Reset my password: https://hearth.example/password-request');
  });

  it('password changed: says so, and how to take the account back', () => {
    const mail = renderMail({ template: 'password_changed', to: 'a@example.test', locale: 'en' }, ORIGIN);
    expect(mail.subject).toBe('Your Hearth password was changed');
    expect(mail.text).toContain('was just changed');
    expect(mail.text).toContain('https://hearth.example/password-request');
  });

  it('every mail has a text and an HTML version', () => {
    for (const payload of [
      { template: 'invitation', to: 'a@example.test', locale: 'en', code: 'c', inviterName: null },
      { template: 'confirmation', to: 'a@example.test', locale: 'en', code: 'c' },
      { template: 'password_reset', to: 'a@example.test', locale: 'en', token: 't' },
      { template: 'sign_up_attempt', to: 'a@example.test', locale: 'en' },
      { template: 'password_changed', to: 'a@example.test', locale: 'en' },
    ] as const) {
      const mail = renderMail(payload, ORIGIN);
      expect(mail.text.length).toBeGreaterThan(50);
      expect(mail.html).toMatch(/^<!doctype html>/);
      expect(mail.text).toMatch(/\nHearth\n$/);
    }
  });

  it('the job payload schema refuses unknown templates and missing fields', () => {
    expect(
      MailPayloadSchema.safeParse({ template: 'spam', to: 'a@example.test', locale: 'en' }).success,
    ).toBe(false);
    expect(
      MailPayloadSchema.safeParse({ template: 'confirmation', to: 'a@example.test', locale: 'en' }).success,
    ).toBe(false);
    expect(
      MailPayloadSchema.safeParse({ template: 'confirmation', to: 'a@example.test', locale: 'en', code: 'x' })
        .success,
    ).toBe(true);
  });
});
