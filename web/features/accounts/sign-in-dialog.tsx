import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { APP_NAME } from '@shared/domain/constants';
import { Dialog } from '@web/components/dialog';
import { TextLink, textLinkClasses } from '@web/components/text-link';
import { useT } from '@web/i18n/i18n';
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
  const t = useT();
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
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('accounts.signInDialog.title', { app: APP_NAME })}
        description={t('accounts.signInDialog.welcomeBack')}
      >
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
              {t('accounts.signInDialog.forgotPassword')}
            </button>
          }
        />
        <p className="mt-5 text-center text-sm text-stone-600">
          <TextLink to="/invitation">{t('accounts.landing.haveInvitation')}</TextLink>
        </p>
      </Dialog>
      <Dialog
        open={resetOpen}
        onOpenChange={setResetOpen}
        title={t('accounts.signInDialog.resetTitle')}
        description={t('accounts.signInDialog.resetDescription')}
      >
        <PasswordRequestForm autoFocus />
      </Dialog>
    </>
  );
}
