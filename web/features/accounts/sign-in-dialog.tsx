import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Dialog } from '@web/components/dialog';
import { TextLink, textLinkClasses } from '@web/components/text-link';
import { PasswordRequestForm } from './components/password-request-form';
import { SignInForm } from './components/sign-in-form';

/**
 * Sign-in dialog of the public shell (spec section 2): email and password, a 'Forgot password?'
 * link opening a reset dialog, a 'Have an invitation?' link. Its fields live only while it is open,
 * so closing it clears them. It also closes when the page changes.
 */
export function SignInDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [resetOpen, setResetOpen] = useState(false);
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);

  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    onOpenChange(false);
    setResetOpen(false);
  }, [pathname, onOpenChange]);

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange} title="Sign in to Hearth" description="Welcome back.">
        <SignInForm
          autoFocus
          forgotPassword={
            <button
              type="button"
              className={`${textLinkClasses} text-sm`}
              onClick={() => {
                onOpenChange(false);
                setResetOpen(true);
              }}
            >
              Forgot password?
            </button>
          }
        />
        <p className="mt-5 text-center text-sm text-stone-600">
          <TextLink to="/invitation">Have an invitation?</TextLink>
        </p>
      </Dialog>
      <Dialog
        open={resetOpen}
        onOpenChange={setResetOpen}
        title="Reset your password"
        description="We'll email you a link to choose a new password."
      >
        <PasswordRequestForm autoFocus />
      </Dialog>
    </>
  );
}
