import type { ReactNode } from 'react';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@shared/domain/account-deletion';
import { APP_NAME, DURATIONS } from '@shared/domain/constants';
import { DATA_EXPORT_LIMITS } from '@shared/domain/data-export-limits';
import { Card } from '@web/components/card';
import { TextLink } from '@web/components/text-link';
import { useDocumentTitle } from '@web/lib/use-document-title';

export const PRIVACY_LAST_UPDATED = 'March 22nd 2025';

/** Matches the server's CONTACT_EMAIL default (README, configuration). */
const DEFAULT_CONTACT_EMAIL = 'privacy@hearth.local';

/**
 * The contact address: the server may name its configured CONTACT_EMAIL in
 * `<meta name="hearth-contact-email" content="…">` of the page; otherwise the default.
 */
function contactEmail(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="hearth-contact-email"]');
  return meta?.content.trim() || DEFAULT_CONTACT_EMAIL;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold tracking-tight text-stone-900">{title}</h2>
      <div className="space-y-3 leading-relaxed text-stone-700">{children}</div>
    </section>
  );
}

function List({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-1.5 pl-5 marker:text-brand-600">{children}</ul>;
}

function Term({ children }: { children: ReactNode }) {
  return <strong className="font-medium text-stone-900">{children}</strong>;
}

export function PrivacyPolicyPage() {
  useDocumentTitle('Privacy policy');
  const email = contactEmail();
  return (
    <article className="mx-auto max-w-3xl">
      <header className="mb-6 space-y-1.5">
        <h1 className="text-3xl font-semibold tracking-tight text-stone-900">Privacy Policy</h1>
        <p className="text-sm text-stone-500">Last updated: {PRIVACY_LAST_UPDATED}</p>
      </header>
      <Card className="space-y-8 px-5 py-6 sm:px-8 sm:py-8">
        <p className="leading-relaxed text-stone-700">
          {APP_NAME} is a small, invite-only place for communities to share posts, links and conversation. It
          keeps only what it needs to run, on the server of whoever runs this {APP_NAME}, and it never treats
          your personal information as a product. This page says exactly what is kept, for how long, where it
          goes, and what you can do about it.
        </p>

        <Section title="Information We Collect">
          <List>
            <li>
              <Term>Account details:</Term> your email address and your password, stored only as a one-way
              (argon2id) hash that nobody, including us, can read back; who invited you; your time zone if you
              set one; and, if you turn on two-factor sign-in, its secret (encrypted) and your recovery codes
              (hashed).
            </li>
            <li>
              <Term>Profile information:</Term> your username, first and last name, profile picture, about
              text and location, if you add them.
            </li>
            <li>
              <Term>Content you create:</Term> posts, comments, links you share (and the page text, summary
              and picture {APP_NAME} reads from them), likes, files you attach, groups you create or join,
              whom you follow, block or hide, reports you file, invitations you send and feedback you share.
            </li>
            <li>
              <Term>Basic usage data:</Term> your sessions, each with the browser and operating system it
              named, the network address it last used and when it was last seen (you see them all under
              Security settings); a cookie that remembers which browsers have signed in to your account; and
              sign-in throttling data, counters of recent attempts per network address and per account that
              reset within minutes (a day at most).
            </li>
            <li>
              <Term>Notification preferences:</Term> which notifications you want by mail, at once or as a
              daily digest, and your inbox of notifications.
            </li>
          </List>
          <p>
            There is no advertising, no analytics and no tracking: {APP_NAME} loads nothing from other sites
            and sets no cookies but its own sign-in cookies. Your browser keeps a few settings for itself,
            such as the page to return to after signing in.
          </p>
          <h3 className="font-semibold text-stone-900">How long we keep it</h3>
          <List>
            <li>
              A session ends after {DURATIONS.sessionIdleDays} days without use, and{' '}
              {DURATIONS.sessionAbsoluteDays} days after you signed in at the latest. Signing out ends it at
              once; changing your password ends every other one, and resetting it ends them all.
            </li>
            <li>
              Confirmation codes last {DURATIONS.confirmationHours} hours, password reset links{' '}
              {DURATIONS.resetHours} hours, email change links {DURATIONS.emailChangeHours} hours and
              invitations {DURATIONS.invitationDays} days.
            </li>
            <li>
              A copy of your data that you asked for can be downloaded for {DATA_EXPORT_LIMITS.keepDays} days,
              then it is deleted.
            </li>
            <li>
              Everything else stays until you delete it or your account. When you delete your account it is
              kept for {ACCOUNT_DELETION_GRACE_DAYS} days in case you change your mind (signing in calls the
              deletion off); then it is removed with everything listed below.
            </li>
          </List>
        </Section>

        <Section title="How We Use Your Information">
          <p>We use your information only to provide {APP_NAME}:</p>
          <List>
            <li>to create and secure your account, sign you in and confirm your email address;</li>
            <li>to show your posts, comments, links and profile to the people you share them with;</li>
            <li>
              to read, summarise and index links and posts so that you and your community can search them;
            </li>
            <li>
              to send the mail the service needs: invitations, confirmation codes, password resets, security
              notices (a new password, email address or two-factor setting, repeated failed sign-ins, a
              scheduled or cancelled account deletion) and the notifications you chose;
            </li>
            <li>to prevent abuse, investigate problems and keep the service reliable.</li>
          </List>
          <p>
            We do not use your information for advertising, and we do not build profiles of you for anyone
            else.
          </p>
        </Section>

        <Section title="Data Security">
          <p>
            Passwords are hashed with a modern, deliberately slow algorithm. Sessions use random tokens that
            we store only in hashed form. Connections are encrypted in transit, files are served through
            short-lived signed links, and access to what you share is checked on every request according to
            who you chose to share it with.
          </p>
          <p>
            No system is perfectly secure, but we work to protect your information and will tell affected
            members promptly if a breach ever puts their data at risk.
          </p>
        </Section>

        <Section title="Data Sharing">
          <p>We do not sell your personal information, and we never will. We share it only:</p>
          <List>
            <li>with your consent, for example when you publish a post or a link at a public address;</li>
            <li>
              for legal reasons, when we must comply with the law, a court order or a lawful request, or to
              protect the safety and rights of our members;
            </li>
            <li>
              with service providers who help run {APP_NAME} and are bound to use it only on our behalf. Out
              of the box there are none: everything stays on this server. The people who run {APP_NAME} may
              choose to use:
              <List>
                <li>
                  <Term>a mail service</Term>, which then receives your email address and the mails sent to
                  you;
                </li>
                <li>
                  <Term>S3-compatible file storage</Term>, which then holds the files you upload, the pictures
                  of links you share and copies of your data;
                </li>
                <li>
                  <Term>a link summary service</Term>, which then receives the text of the pages you share;
                </li>
                <li>
                  <Term>an embedding service</Term>, which then receives the text of posts and links, and what
                  you search for;
                </li>
                <li>
                  <Term>an image description service</Term>, which then receives the images you attach;
                </li>
                <li>
                  <Term>Google Safe Browsing</Term>, which then receives the addresses of the links you share.
                </li>
              </List>
            </li>
          </List>
          <p>
            To read a link you share, {APP_NAME} fetches the page from its own server: the site sees the
            server, never your browser.
          </p>
        </Section>

        <Section title="Your Rights">
          <p>You are in control of your information. At any time you may:</p>
          <List>
            <li>
              <Term>access</Term> the personal information we hold about you;
            </li>
            <li>
              <Term>correct</Term> information that is wrong or out of date (most of it you can edit yourself
              in My Profile and the Security settings);
            </li>
            <li>
              <Term>delete</Term> your account: on <TextLink to="/settings/data">Your data</TextLink>, with
              your password. Your profile, posts, comments, links, likes, files, sessions and notifications
              are removed after the {ACCOUNT_DELETION_GRACE_DAYS}-day grace period; members you invited keep
              their accounts, a group you own passes to another member, and feedback you sent stays without
              your name;
            </li>
            <li>
              <Term>export</Term> your data in a portable, machine-readable format (JSON and your files in one
              zip) on <TextLink to="/settings/data">Your data</TextLink>;
            </li>
            <li>
              <Term>object</Term> to or ask us to restrict a particular use of your information.
            </li>
          </List>
          <p>We answer every request within 30 days and will not treat you differently for making one.</p>
        </Section>

        <Section title="Contact Us">
          <p>
            Questions about this policy or your information? Write to us at{' '}
            <a
              href={`mailto:${email}`}
              className="font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
            >
              {email}
            </a>
            . If we change this policy in a way that matters, we will tell members before the change takes
            effect.
          </p>
        </Section>
      </Card>
    </article>
  );
}
