import { TextLink } from '@web/components/text-link';
import { AuthFooter, AuthHeading } from './components/auth-heading';
import { PasswordRequestForm } from './components/password-request-form';

export function PasswordRequestPage() {
  return (
    <>
      <AuthHeading
        title="Forgot your password?"
        tabTitle="Reset password"
        description="Enter the email address of your account and we'll send you a link to choose a new password."
      />
      <PasswordRequestForm autoFocus />
      <AuthFooter>
        <TextLink to="/signin">Back to Sign In</TextLink>
      </AuthFooter>
    </>
  );
}
