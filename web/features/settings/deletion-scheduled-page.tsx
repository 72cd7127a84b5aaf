import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '@web/app/auth/auth-context';
import { ButtonLink } from '@web/components/button';
import { LoadingScreen } from '@web/components/loading-screen';
import { Time } from '@web/components/time';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { accountDeletionQueryOptions } from './account-deletion-api';

/** Where a member asks for their account to be deleted (settings → Your data). */
const DELETE_ACCOUNT_PATH = '/settings/data';

/** `on` when it is a readable instant (the page's address can be typed by anyone). */
function deletionInstant(on: string | null): string | null {
  if (!on || Number.isNaN(new Date(on).getTime())) return null;
  return on;
}

/**
 * /account-deletion: where a member lands after asking for their account to be deleted, signed
 * out. It says when, and that signing in before then keeps the account (ADR 022). Only then, or
 * when the server says a deletion is pending: anyone else who opens the address (a signed-in member
 * who asked for nothing, a visitor) must not read that an account is being deleted. A signed-in
 * member goes on to where deleting is done; a visitor reads what the page is for.
 */
export function DeletionScheduledPage() {
  const [params] = useSearchParams();
  const { markUnauthenticated } = useAuth();
  const queryClient = useQueryClient();
  const arrivedSignedOut = (useLocation().state as { signedOut?: boolean } | null)?.signedOut === true;
  // Coming from the request, whose answer ended the session: forget the member and their data here.
  useEffect(() => {
    if (!arrivedSignedOut) return;
    markUnauthenticated();
    queryClient.clear();
  }, [arrivedSignedOut, markUnauthenticated, queryClient]);
  // Anyone else: ask the server (a visitor's 401 answers null on this public page).
  const pending = useQuery({ ...accountDeletionQueryOptions(), enabled: !arrivedSignedOut, retry: false });

  if (arrivedSignedOut) return <DeletionScheduled day={deletionInstant(params.get('on'))} />;
  if (pending.isPending) return <LoadingScreen />;
  const scheduled = pending.data?.scheduled;
  if (scheduled) return <DeletionScheduled day={scheduled.due_at} />;
  if (pending.data) return <Navigate to={DELETE_ACCOUNT_PATH} replace />;
  return <AboutAccountDeletion />;
}

function DeletionScheduled({ day }: { day: string | null }) {
  const t = useT();
  useDocumentTitle(t('settings.deletionScheduled.documentTitle'));
  return (
    <div className="space-y-6 text-center">
      <div className="space-y-1.5">
        <h1 className="text-xl font-semibold tracking-tight text-balance text-stone-900 sm:text-2xl">
          {t('settings.deletionScheduled.title')}
        </h1>
        <p className="text-sm text-pretty text-stone-600">
          {day ? (
            <Message
              id="settings.deletionScheduled.on"
              components={{
                day: (
                  <strong className="text-stone-900">
                    <Time value={day} format="date" />
                  </strong>
                ),
              }}
            />
          ) : (
            t('settings.deletionScheduled.whenGraceEnds')
          )}{' '}
          {t('settings.deletionScheduled.signedOut')}
        </p>
      </div>
      <p className="text-sm text-pretty text-stone-700">{t('settings.deletionScheduled.changedMind')}</p>
      <ButtonLink to="/signin" size="lg" fullWidth>
        {t('settings.deletionScheduled.keep')}
      </ButtonLink>
    </div>
  );
}

/** The page for someone with no deletion to hear about: what it is for, and where deleting is done. */
function AboutAccountDeletion() {
  const t = useT();
  useDocumentTitle(t('settings.deletionAbout.title'));
  return (
    <div className="space-y-6 text-center">
      <div className="space-y-1.5">
        <h1 className="text-xl font-semibold tracking-tight text-balance text-stone-900 sm:text-2xl">
          {t('settings.deletionAbout.title')}
        </h1>
        <p className="text-sm text-pretty text-stone-600">{t('settings.deletionAbout.how')}</p>
      </div>
      <p className="text-sm text-pretty text-stone-700">{t('settings.deletionAbout.mailed')}</p>
      <ButtonLink to="/signin" size="lg" fullWidth>
        {t('settings.deletionAbout.signIn')}
      </ButtonLink>
    </div>
  );
}
