import { Link } from 'react-router';
import type { ProfileSummary } from '@shared/api/profiles';
import { Avatar } from '@web/components/avatar';
import { useT } from '@web/i18n/i18n';
import { initialsOf } from '@web/lib/initials';
import { FRIENDS_TEXT as TEXT } from '../messages';
import { FollowButton } from './follow-button';

export const profilePath = (id: string) => `/profiles/${id}`;

/** A member in a Friends list: avatar, name and @username (to the profile), and Follow / Unfollow. */
export function PersonRow({
  person,
  showFollowsYou = false,
}: {
  person: ProfileSummary;
  showFollowsYou?: boolean;
}) {
  const t = useT();
  return (
    <li className="flex items-center gap-3 py-3">
      <Link to={profilePath(person.id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar src={person.avatar} initials={initialsOf(person.name)} />
      </Link>
      <div className="min-w-0 flex-1">
        <Link
          to={profilePath(person.id)}
          className="block truncate font-medium text-stone-900 hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {person.name}
        </Link>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-500">
          <span className="break-all">@{person.username}</span>
          {showFollowsYou && person.follows_you ? (
            <span className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600">
              {t(TEXT.followsYou)}
            </span>
          ) : null}
        </p>
      </div>
      <FollowButton profileId={person.id} following={person.is_following} name={person.name} size="sm" />
    </li>
  );
}
