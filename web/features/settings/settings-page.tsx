import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, BellRing, Download, ExternalLink, EyeOff, Save, ShieldCheck } from 'lucide-react';
import type { Profile } from '@shared/api/profiles';
import { LIMITS } from '@shared/domain/constants';
import { useAuth } from '@web/app/auth/auth-context';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Label, Textarea, TextField } from '@web/components/input';
import { LoadingScreen } from '@web/components/loading-screen';
import { PageHeader } from '@web/components/page-header';
import { RetryAlert } from '@web/components/retry-alert';
import { Toast } from '@web/components/toast';
import {
  myProfileQueryOptions,
  profileDisplayName,
  profilePath,
  updateMyProfile,
  type ProfileChanges,
} from '@web/features/profiles';
import { NOTIFICATION_SETTINGS_PATH } from '@web/features/inbox';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useT } from '@web/i18n/i18n';
import { useTimedMessage } from '@web/lib/use-timed-message';
import { MessagingSettingsCard } from '@web/features/conversations/messaging-settings-card';
import { AppearanceCard, TimeZoneCard } from './appearance-section';
import { LanguageCard } from './language-setting';
import { ProfilePicture } from './profile-picture';

/** The fields the form edits, as the form holds them (text, never null). */
type ProfileForm = Required<{ [K in keyof Omit<ProfileChanges, 'time_zone' | 'locale'>]: string }>;

/** The fields' names, as field errors name them: 'Username has already been taken'. */
const FIELD_LABELS: Record<keyof ProfileForm, string> = {
  username: 'settings.profile.username',
  first_name: 'settings.profile.firstName',
  last_name: 'settings.profile.lastName',
  location: 'settings.profile.location',
  about: 'settings.profile.about',
};

function formOf(profile: Profile): ProfileForm {
  return {
    username: profile.username,
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    location: profile.location ?? '',
    about: profile.about ?? '',
  };
}

/** /settings: the member's own profile (picture, about, location, username, first and last name). */
export function SettingsPage() {
  const t = useT();
  useDocumentTitle(t('settings.profile.title'));
  const profile = useQuery(myProfileQueryOptions());

  return (
    <div>
      <PageHeader
        title={t('settings.profile.title')}
        description={t('settings.profile.description')}
        actions={
          <>
            <ButtonLink to="/settings/security" variant="outline" size="sm">
              <ShieldCheck className="size-4" aria-hidden="true" />
              {t('settings.profile.security')}
            </ButtonLink>
            <ButtonLink to={NOTIFICATION_SETTINGS_PATH} variant="outline" size="sm">
              <BellRing className="size-4" aria-hidden="true" />
              {t('settings.profile.notificationMail')}
            </ButtonLink>
            <ButtonLink to="/settings/data" variant="outline" size="sm">
              <Download className="size-4" aria-hidden="true" />
              {t('settings.profile.yourData')}
            </ButtonLink>
          </>
        }
      />
      {profile.isPending ? (
        <LoadingScreen label={t('settings.profile.loading')} />
      ) : profile.isError ? (
        <RetryAlert
          message={t('settings.profile.loadFailed', { error: errorMessage(profile.error) })}
          retrying={profile.isFetching}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <ProfileEditor profile={profile.data} />
      )}
      <div className="mt-6 space-y-6">
        <AppearanceCard />
        <TimeZoneCard />
        <LanguageCard />
        <MessagingSettingsCard />
      </div>
      <PrivacyLinks />
    </div>
  );
}

function ProfileEditor({ profile }: { profile: Profile }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const toast = useTimedMessage();
  const [form, setForm] = useState<ProfileForm>(() => formOf(profile));

  const save = useMutation({
    mutationFn: updateMyProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.profiles.me(), updated);
      queryClient.setQueryData(queryKeys.profiles.detail(updated.id), updated);
      setForm(formOf(updated));
      toast.show(t('settings.profile.saved'));
      // The account menu shows the member's name, username and initials.
      void refreshUser();
      // Names and usernames appear on posts, members lists and friends lists.
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.friends.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
    },
    onError: (error) => console.error('Profile update failed', error),
  });

  const update = (field: keyof ProfileForm) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({
      username: form.username.trim(),
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      location: form.location.trim(),
      about: form.about.trim(),
    });
  }

  const fieldErrors = fieldErrorsOf(save.error);
  const fieldError = (field: keyof ProfileForm) =>
    fieldErrors[field]
      ? t('settings.profile.fieldError', {
          field: t(FIELD_LABELS[field]),
          problem: fieldErrors[field].join(', '),
        })
      : undefined;
  const unexplained =
    save.isError && !Object.keys(fieldErrors).some((field) => field in form)
      ? errorMessage(save.error)
      : null;
  // What other members see: the saved profile, not the form being edited.
  const preview = profileDisplayName(profile);

  return (
    <div className="space-y-6">
      <Card>
        <CardBody>
          <ProfilePicture
            profile={profile}
            name={preview}
            onNotice={toast.show}
            aside={
              <ButtonLink to={profilePath(profile.id)} variant="outline" size="sm" className="shrink-0">
                <ExternalLink className="size-4" aria-hidden="true" />
                {t('settings.profile.viewProfile')}
              </ButtonLink>
            }
          />
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('settings.profile.details')}</CardTitle>
          <CardDescription>{t('settings.profile.detailsDescription')}</CardDescription>
        </CardHeader>
        <CardBody>
          <form onSubmit={submit} className="space-y-5">
            {unexplained ? <Alert>{unexplained}</Alert> : null}
            <TextField
              label={t('settings.profile.username')}
              name="username"
              required
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={LIMITS.usernameMax}
              hint={t('settings.profile.usernameHint')}
              value={form.username}
              onChange={update('username')}
              error={fieldError('username')}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label={t('settings.profile.firstName')}
                name="first_name"
                autoComplete="given-name"
                maxLength={LIMITS.nameMax}
                value={form.first_name}
                onChange={update('first_name')}
                error={fieldError('first_name')}
              />
              <TextField
                label={t('settings.profile.lastName')}
                name="last_name"
                autoComplete="family-name"
                maxLength={LIMITS.nameMax}
                value={form.last_name}
                onChange={update('last_name')}
                error={fieldError('last_name')}
              />
            </div>
            <TextField
              label={t('settings.profile.location')}
              name="location"
              autoComplete="address-level2"
              maxLength={LIMITS.locationMax}
              placeholder={t('settings.profile.locationPlaceholder')}
              value={form.location}
              onChange={update('location')}
              error={fieldError('location')}
            />
            <AboutField value={form.about} onChange={update('about')} error={fieldError('about')} />
            <div className="flex justify-end border-t border-stone-100 pt-5">
              <Button type="submit" busy={save.isPending}>
                {save.isPending ? null : <Save className="size-4" aria-hidden="true" />}
                {save.isPending ? t('settings.profile.saving') : t('settings.profile.save')}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
      <Toast message={toast.message} />
    </div>
  );
}

function AboutField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  error: string | undefined;
}) {
  const t = useT();
  const over = value.length > LIMITS.aboutMax;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor="profile-about">{t('settings.profile.about')}</Label>
        <span className={over ? 'text-xs font-medium text-red-700' : 'text-xs text-stone-500'}>
          {value.length}/{LIMITS.aboutMax}
        </span>
      </div>
      <Textarea
        id="profile-about"
        name="about"
        rows={4}
        placeholder={t('settings.profile.aboutPlaceholder')}
        value={value}
        onChange={onChange}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={error ? 'profile-about-error' : undefined}
      />
      {error ? (
        <p id="profile-about-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Links to what the member hid and whom they blocked (web/features/safety). */
function PrivacyLinks() {
  const t = useT();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{t('settings.privacy.title')}</CardTitle>
        <CardDescription>{t('settings.privacy.description')}</CardDescription>
      </CardHeader>
      <CardBody className="flex flex-wrap gap-2">
        <ButtonLink to="/settings/hidden" variant="outline" size="sm">
          <EyeOff className="size-4" aria-hidden="true" />
          {t('settings.privacy.hiddenPosts')}
        </ButtonLink>
        <ButtonLink to="/settings/blocked" variant="outline" size="sm">
          <Ban className="size-4" aria-hidden="true" />
          {t('settings.privacy.blockedMembers')}
        </ButtonLink>
      </CardBody>
    </Card>
  );
}
