import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { useAuth } from '@web/app/auth/auth-context';
import { ButtonLink } from '@web/components/button';
import { Time } from '@web/components/time';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** `on` when it is a readable instant (the page's address can be typed by anyone). */
function deletionInstant(on: string | null): string | null {
  if (!on || Number.isNaN(new Date(on).getTime())) return null;
  return on;
}

/**
 * /account-deletion?on={due_at}: where a member lands after asking for their account to be deleted,
 * signed out. It says when, and that signing in before then keeps the account (ADR 022).
 */
export function DeletionScheduledPage() {
  const [params] = useSearchParams();
  const day = deletionInstant(params.get('on'));
  useDocumentTitle('Account deletion scheduled');
  const { markUnauthenticated } = useAuth();
  const queryClient = useQueryClient();
  const arrivedSignedOut = (useLocation().state as { signedOut?: boolean } | null)?.signedOut === true;
  // Coming from the request, whose answer ended the session: forget the member and their data here.
  useEffect(() => {
    if (!arrivedSignedOut) return;
    markUnauthenticated();
    queryClient.clear();
  }, [arrivedSignedOut, markUnauthenticated, queryClient]);
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
