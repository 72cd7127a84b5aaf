import type { ReactNode } from 'react';
import { APP_NAME } from '@shared/domain/constants';
import { Card } from '@web/components/card';
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
          {APP_NAME} is a small, invite-only place for communities to share posts, links and conversation. We
          collect as little about you as we can to run it, and we never treat your personal information as a
          product. This policy explains what we keep, why we keep it, and the choices you have.
        </p>

        <Section title="Information We Collect">
          <List>
            <li>
              <strong className="font-medium text-stone-900">Account details:</strong> your email address and
              your password. We store the password only as a one-way hash, so nobody, including us, can read
              it.
            </li>
            <li>
              <strong className="font-medium text-stone-900">Profile information:</strong> your username,
              first and last name, profile picture, a short about text and a location, if you choose to add
              them.
            </li>
            <li>
              <strong className="font-medium text-stone-900">Content you create:</strong> posts, comments,
              links, likes, files you attach, groups you create or join, invitations you send and feedback you
              share.
            </li>
            <li>
              <strong className="font-medium text-stone-900">Basic usage data:</strong> technical information
              such as when you signed in and the requests your browser makes, which we keep to keep the
              service secure and working.
            </li>
          </List>
        </Section>

        <Section title="How We Use Your Information">
          <p>We use your information only to provide and improve {APP_NAME}:</p>
          <List>
            <li>to create and secure your account, sign you in and confirm your email address;</li>
            <li>to show your posts, comments and profile to the people you share them with;</li>
            <li>to summarise and index links and posts so that you and your community can search them;</li>
            <li>
              to send the emails the service needs, such as invitations, confirmation codes and password
              resets;
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
            we store only in hashed form and that end when you sign out or reset your password. Connections
            are encrypted in transit, files are served through short-lived signed links, and access to what
            you share is checked on every request according to who you chose to share it with.
          </p>
          <p>
            No system is perfectly secure, but we work to protect your information and will tell affected
            members promptly if a breach ever puts their data at risk.
          </p>
        </Section>

        <Section title="Data Sharing">
          <p>We do not sell your personal information, and we never will. We share it only:</p>
          <List>
            <li>with your consent, for example when you publish a post at a public address;</li>
            <li>
              for legal reasons, when we must comply with the law, a court order or a lawful request, or to
              protect the safety and rights of our members;
            </li>
            <li>
              with service providers who help us run {APP_NAME}, such as hosting and email delivery, who are
              bound by contract to use it only on our behalf and to protect it.
            </li>
          </List>
        </Section>

        <Section title="Your Rights">
          <p>You are in control of your information. At any time you may ask us to:</p>
          <List>
            <li>
              <strong className="font-medium text-stone-900">access</strong> the personal information we hold
              about you;
            </li>
            <li>
              <strong className="font-medium text-stone-900">correct</strong> information that is wrong or out
              of date (most of it you can edit yourself in My Profile);
            </li>
            <li>
              <strong className="font-medium text-stone-900">delete</strong> your account and the content you
              created;
            </li>
            <li>
              <strong className="font-medium text-stone-900">export</strong> your data in a portable,
              machine-readable format;
            </li>
            <li>
              <strong className="font-medium text-stone-900">object</strong> to or ask us to restrict a
              particular use of your information.
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
