import type { CurrentUser } from '@shared/api/auth';

/** Signed-in members for the web tests, as GET /api/auth answers them (imported by tests only). */

export const maria: CurrentUser = {
  id: 'a0a0a0a0-0000-4000-8000-000000000001',
  username: 'maria',
  email: 'maria@example.com',
  first_name: 'Maria',
  last_name: 'Okafor',
  name: 'Maria Okafor',
  avatar: null,
  initials: 'MO',
  is_admin: false,
  time_zone: 'UTC',
  locale: null,
};

export const ada: CurrentUser = {
  id: 'a0a0a0a0-0000-4000-8000-000000000002',
  username: 'ada',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  avatar: null,
  initials: 'AL',
  is_admin: false,
  time_zone: 'UTC',
  locale: null,
};
