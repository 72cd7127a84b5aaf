import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '@web/app/auth/auth-context';
import { ButtonLink } from '@web/components/button';
import { LoadingScreen } from '@web/components/loading-screen';
import { Time } from '@web/components/time';
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
  useDocumentTitle('Account deletion scheduled');
  return (
    <div className="space-y-6 text-center">
      <div className="space-y-1.5">
        <h1 className="text-xl font-semibold tracking-tight text-balance text-stone-900 sm:text-2xl">
          Your account will be deleted
        </h1>
        <p className="text-sm text-pretty text-stone-600">
          {day ? (
            <>
              Your Hearth account will be deleted on{' '}
              <strong className="text-stone-900">
                <Time value={day} format="date" />
              </strong>
              .
            </>
          ) : (
            'Your Hearth account will be deleted when its grace period ends.'
          )}{' '}
          You have been signed out everywhere, and we sent you an email with the date.
        </p>
      </div>
      <p className="text-sm text-pretty text-stone-700">
        Changed your mind? Sign in before then and your account will not be deleted: everything stays as you
        left it.
      </p>
      <ButtonLink to="/signin" size="lg" fullWidth>
        Sign in and keep my account
      </ButtonLink>
    </div>
  );
}

/** The page for someone with no deletion to hear about: what it is for, and where deleting is done. */
function AboutAccountDeletion() {
  useDocumentTitle('Deleting an account');
  return (
    <div className="space-y-6 text-center">
      <div className="space-y-1.5">
        <h1 className="text-xl font-semibold tracking-tight text-balance text-stone-900 sm:text-2xl">
          Deleting an account
        </h1>
        <p className="text-sm text-pretty text-stone-600">
          A member deletes their Hearth account from their settings, under Your data. The account is kept for
          a grace period first, and signing in during it keeps the account.
        </p>
      </div>
      <p className="text-sm text-pretty text-stone-700">
        If you asked for your account to be deleted, we sent you an email with the date.
      </p>
      <ButtonLink to="/signin" size="lg" fullWidth>
        Sign in
      </ButtonLink>
    </div>
  );
}
