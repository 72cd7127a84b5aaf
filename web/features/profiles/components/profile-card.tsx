import { CalendarDays, MapPin, Pencil } from 'lucide-react';
import type { Profile } from '@shared/api/profiles';
import { Avatar } from '@web/components/avatar';
import { ButtonLink } from '@web/components/button';
import { Card } from '@web/components/card';
import { MessageMemberButton } from '@web/features/conversations';
import { FollowButton, FRIENDS_TEXT } from '@web/features/friends';
import { BlockButton } from '@web/features/safety';
import { useLocale, useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { initialsOf } from '@web/lib/initials';
import { profileDisplayName } from '../display-name';
import { SETTINGS_PATH } from '../paths';

/** The month and year a member joined ("March 2026"), in the member's language; null for a bad date. */
function joinedMonth(value: string, locale: string): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(date);
}

/** "12 followers", the number in bold: `id` is a plural message that wraps `#` in `<count>`. */
function Count({ id, count }: { id: string; count: number }) {
  return (
    <span>
      <Message
        id={id}
        values={{ count }}
        components={{ count: <span className="font-semibold text-stone-900" /> }}
      />
    </span>
  );
}

/** Picture, name, @username, about, location, follower counts, and Follow / Unfollow (or Edit profile). */
export function ProfileCard({ profile }: { profile: Profile }) {
  const t = useT();
  const name = profileDisplayName(profile);
  const since = joinedMonth(profile.created_at, useLocale());
  return (
    <Card className="overflow-hidden">
      <div
        className="h-24 bg-gradient-to-br from-brand-200 via-brand-100 to-amber-100 sm:h-28"
        aria-hidden="true"
      />
      <div className="px-5 pb-6 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <Avatar
            src={profile.avatar}
            initials={initialsOf(name)}
            name={name}
            size="xl"
            className="-mt-10 ring-4 ring-white"
          />
          {profile.is_self ? (
            <ButtonLink to={SETTINGS_PATH} variant="outline" size="sm">
              <Pencil className="size-4" aria-hidden="true" />
              {t('profiles.card.editProfile')}
            </ButtonLink>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <BlockButton userId={profile.id} name={name} />
              {/* Offered only when the server's who-may-write rule allows it (ADR 060). */}
              {profile.can_message ? <MessageMemberButton userId={profile.id} name={name} /> : null}
              <FollowButton profileId={profile.id} following={profile.is_following} name={name} />
            </div>
          )}
        </div>

        <div className="mt-3">
          <h2 className="text-xl font-semibold tracking-tight text-stone-900">{name}</h2>
          <p className="flex flex-wrap items-center gap-2 text-sm text-stone-500">
            <span>@{profile.username}</span>
            {profile.follows_you && !profile.is_self ? (
              <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600">
                {t(FRIENDS_TEXT.followsYou)}
              </span>
            ) : null}
          </p>
        </div>

        {profile.about ? (
          <p className="mt-4 leading-relaxed whitespace-pre-line text-stone-700">{profile.about}</p>
        ) : null}

        <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-stone-500">
          {profile.location ? (
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden="true" />
              {profile.location}
            </span>
          ) : null}
          {since ? (
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              {t('profiles.card.joined', { date: since })}
            </span>
          ) : null}
        </div>

        <div className="mt-4 flex gap-5 text-sm text-stone-600">
          <Count id="profiles.card.followers" count={profile.followers_count} />
          <Count id="profiles.card.following" count={profile.following_count} />
        </div>
      </div>
    </Card>
  );
}
