import { fileUrl } from '../files/files.urls';

/**
 * How a member appears next to their posts, comments and in lists. One place, so every response
 * names and pictures people the same way.
 */
export interface PersonRow {
  username: string;
  firstName: string | null;
  lastName: string | null;
  avatarFileId: string | null;
}

/** First and last name when both exist, else the username (spec: Profile view). */
export function displayName(person: Pick<PersonRow, 'username' | 'firstName' | 'lastName'>): string {
  const first = person.firstName?.trim();
  const last = person.lastName?.trim();
  return first && last ? `${first} ${last}` : person.username;
}

/** The profile picture's address (square, re-encoded), or null when the member has none. */
export function avatarUrl(person: Pick<PersonRow, 'avatarFileId'>): string | null {
  return person.avatarFileId ? fileUrl(person.avatarFileId) : null;
}

/** The author fields every post, link and comment answer carries. */
export function presentAuthor(person: PersonRow & { userId: string }) {
  return {
    name: displayName(person),
    username: person.username,
    avatar: avatarUrl(person),
    profile_id: person.userId,
  };
}
