import { ButtonLink } from '@web/components/button';
import { TextLink } from '@web/components/text-link';
import { AuthFooter, AuthHeading } from './components/auth-heading';
import { SignInForm } from './components/sign-in-form';

export function SignInPage() {
  return (
    <>
      <AuthHeading title="Welcome back" description="Sign in to your Hearth account." tabTitle="Sign in" />
      <SignInForm
        autoFocus
        forgotPassword={
          <TextLink to="/password-request" className="text-sm">
            Forgot password
          </TextLink>
        }
      />
      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-stone-500 uppercase">
        <span className="h-px flex-1 bg-stone-200" />
        or browse without an account
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <ButtonLink to="/" variant="outline">
          Feed
        </ButtonLink>
        <ButtonLink to="/explore" variant="outline">
          Timeline
        </ButtonLink>
      </div>
      <AuthFooter>
        New here? <TextLink to="/invitation">Have an invitation?</TextLink>
      </AuthFooter>
    </>
  );
}
