import { type FormEvent, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { LOCALES, LOCALE_NAMES, type Locale, isLocale } from '@shared/domain/locales';
import { useAuth } from '@web/app/auth/auth-context';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Label } from '@web/components/input';
import { Select } from '@web/components/select';
import { Toast } from '@web/components/toast';
import { updateMyProfile } from '@web/features/profiles';
import { activateLocale, browserLocale, useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { useTimedMessage } from '@web/lib/use-timed-message';

/**
 * The language Hearth speaks to the member, on screen and in mail (ADR 055). "Your browser's"
 * follows whichever browser they use; a chosen one follows them everywhere.
 */
export function LanguageCard() {
  const t = useT();
  const { user, refreshUser } = useAuth();
  const toast = useTimedMessage();
  const [choice, setChoice] = useState<string>(isLocale(user?.locale) ? user.locale : '');

  const save = useMutation({
    mutationFn: (locale: Locale | null) => updateMyProfile({ locale }),
    onSuccess: async (_profile, locale) => {
      await activateLocale(locale ?? browserLocale());
      await refreshUser();
      toast.show(t('i18n.language.saved'));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!save.isPending) save.mutate(isLocale(choice) ? choice : null);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('i18n.language.title')}</CardTitle>
        <CardDescription>{t('i18n.language.description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="space-y-4">
          {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
          <div className="space-y-1.5">
            <Label htmlFor="language">{t('i18n.language.label')}</Label>
            <Select
              id="language"
              name="locale"
              value={choice}
              wrapperClassName="w-full"
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="">
                {t('i18n.language.browser', { language: LOCALE_NAMES[browserLocale()] })}
              </option>
              {LOCALES.map((locale) => (
                // Each language is named in itself, and marked so a screen reader speaks it so.
                <option key={locale} value={locale} lang={locale}>
                  {LOCALE_NAMES[locale]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex justify-end border-t border-stone-100 pt-4">
            <Button type="submit" busy={save.isPending}>
              {save.isPending ? null : <Save className="size-4" aria-hidden="true" />}
              {t('i18n.language.save')}
            </Button>
          </div>
        </form>
        <Toast message={toast.message} />
      </CardBody>
    </Card>
  );
}
