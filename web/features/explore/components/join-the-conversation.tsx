import { LogIn, UserPlus } from 'lucide-react';
import { ButtonLink } from '@web/components/button';
import { Card } from '@web/components/card';
import { useT } from '@web/i18n/i18n';

/** Under a published post or link, for visitors: 'Want to join the conversation?' with Sign In and Sign Up. */
export function JoinTheConversation() {
  const t = useT();
  return (
    <Card className="bg-brand-50/60 p-5 text-center sm:p-6">
      <h2 className="text-lg font-semibold tracking-tight text-stone-900">{t('explore.join.title')}</h2>
      <p className="mx-auto mt-1 max-w-sm text-sm text-stone-600">{t('explore.join.description')}</p>
      <div className="mt-4 flex flex-col justify-center gap-2 sm:flex-row">
        <ButtonLink to="/signin" size="lg">
          <LogIn className="size-4" aria-hidden="true" />
          {t('explore.join.signIn')}
        </ButtonLink>
        <ButtonLink to="/invitation" variant="outline" size="lg">
          <UserPlus className="size-4" aria-hidden="true" />
          {t('explore.join.signUp')}
        </ButtonLink>
      </div>
    </Card>
  );
}
