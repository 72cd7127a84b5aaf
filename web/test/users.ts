import type { CurrentUser } from '@shared/api/auth';

/** Signed-in members for the web tests, as GET /api/auth answers them (imported by tests only). */

export const maria: CurrentUser = {
  id: 'u1',
  username: 'maria',
  email: 'maria@example.com',
  first_name: 'Maria',
  last_name: 'Okafor',
  name: 'Maria Okafor',
  avatar: null,
  initials: 'MO',
  is_admin: false,
  time_zone: 'UTC',
};

export const ada: CurrentUser = {
  id: 'u-ada',
  username: 'ada',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  avatar: null,
  initials: 'AL',
  is_admin: false,
  time_zone: 'UTC',
};
