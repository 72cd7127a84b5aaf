import { APP_NAME } from '@shared/domain/constants';
import { ButtonLink } from '@web/components/button';
import { LogoMark } from '@web/components/logo';
import { TextLink } from '@web/components/text-link';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** The welcome card of /landing (auth shell): Sign In, the public Feed (/) and Timeline (/explore). */
export function LandingPage() {
  useDocumentTitle(undefined);
  return (
    <div className="text-center">
      <LogoMark className="mx-auto mb-5 size-14 rounded-2xl shadow-md shadow-brand-900/20" />
      <h1 className="text-2xl font-semibold tracking-tight text-balance text-stone-900 sm:text-3xl">
        Welcome to {APP_NAME}
      </h1>
      <p className="mx-auto mt-2 max-w-sm text-pretty text-stone-600">
        A warm, invite-only home for the people you share things with. Read what members have published, or
        sign in to join the conversation.
      </p>
      <div className="mt-7 space-y-3">
        <ButtonLink to="/signin" size="lg" fullWidth>
          Sign In
        </ButtonLink>
        <div className="grid grid-cols-2 gap-3">
          <ButtonLink to="/" variant="outline" size="lg">
            Feed
          </ButtonLink>
          <ButtonLink to="/explore" variant="outline" size="lg">
            Timeline
          </ButtonLink>
        </div>
      </div>
      <p className="mt-6 text-sm">
        <TextLink to="/invitation">Have an invitation?</TextLink>
      </p>
    </div>
  );
}
