import type { ReactNode } from 'react';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@shared/domain/account-deletion';
import { APP_NAME, DURATIONS } from '@shared/domain/constants';
import { DATA_EXPORT_LIMITS } from '@shared/domain/data-export-limits';
import { Card } from '@web/components/card';
import { TextLink } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { useDocumentTitle } from '@web/lib/use-document-title';

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
  return <ul className="list-disc space-y-1.5 ps-5 marker:text-brand-600">{children}</ul>;
}

function Term({ children }: { children?: ReactNode }) {
  return <strong className="font-medium text-stone-900">{children}</strong>;
}

/** A paragraph or list item of the policy: its message, with bold terms and links where it has them. */
function Text({ id, values }: { id: string; values?: Record<string, unknown> }) {
  return (
    <Message
      id={id}
      values={{ app: APP_NAME, ...values }}
      components={{ term: <Term />, link: <TextLink to="/settings/data" /> }}
    />
  );
}

/** An item of a list: one message. */
function Item({ id, values }: { id: string; values?: Record<string, unknown> }) {
  return (
    <li>
      <Text id={id} values={values} />
    </li>
  );
}

export function PrivacyPolicyPage() {
  const t = useT();
  useDocumentTitle(t('privacy.page.documentTitle'));
  const email = contactEmail();
  return (
    <article className="mx-auto max-w-3xl">
      <header className="mb-6 space-y-1.5">
        <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{t('privacy.page.title')}</h1>
        <p className="text-sm text-stone-500">{t('privacy.page.lastUpdated')}</p>
      </header>
      <Card className="space-y-8 px-5 py-6 sm:px-8 sm:py-8">
        <p className="leading-relaxed text-stone-700">
          <Text id="privacy.page.intro" />
        </p>

        <Section title={t('privacy.collect.title')}>
          <List>
            <Item id="privacy.collect.account" />
            <Item id="privacy.collect.profile" />
            <Item id="privacy.collect.content" />
            <Item id="privacy.collect.usage" />
            <Item id="privacy.collect.notifications" />
          </List>
          <p>
            <Text id="privacy.collect.noTracking" />
          </p>
          <h3 className="font-semibold text-stone-900">{t('privacy.keep.title')}</h3>
          <List>
            <Item
              id="privacy.keep.sessions"
              values={{ idleDays: DURATIONS.sessionIdleDays, absoluteDays: DURATIONS.sessionAbsoluteDays }}
            />
            <Item
              id="privacy.keep.links"
              values={{
                confirmationHours: DURATIONS.confirmationHours,
                resetHours: DURATIONS.resetHours,
                emailChangeHours: DURATIONS.emailChangeHours,
                invitationDays: DURATIONS.invitationDays,
              }}
            />
            <Item id="privacy.keep.export" values={{ days: DATA_EXPORT_LIMITS.keepDays }} />
            <Item id="privacy.keep.rest" values={{ days: ACCOUNT_DELETION_GRACE_DAYS }} />
          </List>
        </Section>

        <Section title={t('privacy.use.title')}>
          <p>
            <Text id="privacy.use.intro" />
          </p>
          <List>
            <Item id="privacy.use.account" />
            <Item id="privacy.use.show" />
            <Item id="privacy.use.search" />
            <Item id="privacy.use.mail" />
            <Item id="privacy.use.abuse" />
          </List>
          <p>
            <Text id="privacy.use.noAds" />
          </p>
        </Section>

        <Section title={t('privacy.security.title')}>
          <p>
            <Text id="privacy.security.how" />
          </p>
          <p>
            <Text id="privacy.security.breach" />
          </p>
        </Section>

        <Section title={t('privacy.sharing.title')}>
          <p>
            <Text id="privacy.sharing.intro" />
          </p>
          <List>
            <Item id="privacy.sharing.consent" />
            <Item id="privacy.sharing.legal" />
            <li>
              <Text id="privacy.sharing.providers" />
              <List>
                <Item id="privacy.sharing.mail" />
                <Item id="privacy.sharing.storage" />
                <Item id="privacy.sharing.summary" />
                <Item id="privacy.sharing.embedding" />
                <Item id="privacy.sharing.images" />
                <Item id="privacy.sharing.safeBrowsing" />
              </List>
            </li>
          </List>
          <p>
            <Text id="privacy.sharing.fetch" />
          </p>
        </Section>

        <Section title={t('privacy.rights.title')}>
          <p>
            <Text id="privacy.rights.intro" />
          </p>
          <List>
            <Item id="privacy.rights.access" />
            <Item id="privacy.rights.correct" />
            <Item id="privacy.rights.delete" values={{ days: ACCOUNT_DELETION_GRACE_DAYS }} />
            <Item id="privacy.rights.export" />
            <Item id="privacy.rights.object" />
          </List>
          <p>
            <Text id="privacy.rights.answer" />
          </p>
        </Section>

        <Section title={t('privacy.contact.title')}>
          <p>
            <Message
              id="privacy.contact.body"
              values={{ email }}
              components={{
                mail: (
                  <a
                    href={`mailto:${email}`}
                    className="font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
                  />
                ),
              }}
            />
          </p>
        </Section>
      </Card>
    </article>
  );
}
