import type { CurrentUser, SignUpResponse } from '../../../shared/api/auth';
import { avatarUrl } from '../profiles/people';
import type { UserRow } from './users.repo';

type Named = Pick<UserRow, 'username' | 'firstName' | 'lastName'>;

function clean(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

/** First and last name when both exist, else the username (spec: profile view). */
export function displayName(user: Named): string {
  const first = clean(user.firstName);
  const last = clean(user.lastName);
  return first && last ? `${first} ${last}` : user.username;
}

function firstLetter(value: string): string {
  const match = value.match(/[\p{L}\p{N}]/u);
  return match ? match[0] : '';
}

/**
 * Avatar initials: the first letters of the first and last names (whichever exist), else the first
 * two letters or digits of the username. Always upper case, never empty.
 */
export function initialsOf(user: Named): string {
  const fromNames = [clean(user.firstName), clean(user.lastName)].map(firstLetter).join('');
  if (fromNames) return fromNames.toLocaleUpperCase();
  const fromUsername = Array.from(user.username.replace(/[^\p{L}\p{N}]/gu, ''))
    .slice(0, 2)
    .join('');
  return (fromUsername || '?').toLocaleUpperCase();
}

export function presentCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    name: displayName(user),
    avatar: avatarUrl(user),
    initials: initialsOf(user),
    is_admin: user.isAdmin,
    time_zone: user.timeZone,
    locale: user.locale,
  };
}

export function presentSignUp(
  user: Pick<UserRow, 'id' | 'username' | 'email'>,
  message: string,
): SignUpResponse {
  return { id: user.id, username: user.username, email: user.email, message };
}
