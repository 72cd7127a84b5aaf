import { describe, expect, it } from 'vitest';
import { avatarUrl } from '../profiles/people';
import { displayName, initialsOf } from './users.presenter';

const user = (username: string, firstName: string | null = null, lastName: string | null = null) => ({
  username,
  firstName,
  lastName,
});

describe('users presenter', () => {
  describe('initialsOf', () => {
    it('takes the first letters of the first and last names, upper-cased', () => {
      expect(initialsOf(user('ada', 'Ada', 'Lovelace'))).toBe('AL');
      expect(initialsOf(user('x', 'grace', 'hopper'))).toBe('GH');
    });

    it('uses whichever name exists', () => {
      expect(initialsOf(user('x', 'Ada', null))).toBe('A');
      expect(initialsOf(user('x', null, 'Lovelace'))).toBe('L');
      expect(initialsOf(user('x', '  ', 'Lovelace'))).toBe('L');
    });

    it('falls back to the first two letters of the username', () => {
      expect(initialsOf(user('zed'))).toBe('ZE');
      expect(initialsOf(user('_bob_'))).toBe('BO');
      expect(initialsOf(user('q'))).toBe('Q');
      expect(initialsOf(user('a', '', ''))).toBe('A');
    });

    it('skips punctuation and handles letters beyond ASCII', () => {
      expect(initialsOf(user('x', '"Émile"', 'Zola'))).toBe('ÉZ');
      expect(initialsOf(user('x', 'øystein', 'ångström'))).toBe('ØÅ');
    });

    it('is never empty', () => {
      expect(initialsOf(user('___'))).toBe('?');
    });
  });

  describe('displayName', () => {
    it('is first and last name when both exist', () => {
      expect(displayName(user('ada', 'Ada', 'Lovelace'))).toBe('Ada Lovelace');
      expect(displayName(user('ada', ' Ada ', ' Lovelace '))).toBe('Ada Lovelace');
    });

    it('is the username otherwise', () => {
      expect(displayName(user('ada', 'Ada', null))).toBe('ada');
      expect(displayName(user('ada', null, 'Lovelace'))).toBe('ada');
      expect(displayName(user('ada', '', ' '))).toBe('ada');
    });
  });

  it('is the profile picture address, or null when there is none', () => {
    expect(avatarUrl({ avatarFileId: null })).toBeNull();
    expect(avatarUrl({ avatarFileId: 'f1' })).toBe('/api/files/f1');
  });
});
