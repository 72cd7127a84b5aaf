import type { DbOrTx } from '../../db/client';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import type { UserRow } from '../users/users.repo';
import { upgradePasswordHash } from '../users/passwords.service';
import { findAccountByEmail } from '../users/users.service';

export type SignInResult =
  { status: 'signed_in'; user: UserRow } | { status: 'invalid_credentials' } | { status: 'unconfirmed' };

/**
 * Checks an email and password. An unknown email still costs one password verification (against a
 * dummy hash), so response times do not tell which addresses have accounts. Only the right password
 * learns that an account is unconfirmed.
 */
export async function checkCredentials(db: DbOrTx, email: string, password: string): Promise<SignInResult> {
  const user = await findAccountByEmail(db, email);
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !matches) return { status: 'invalid_credentials' };
  await upgradePasswordHash(db, user, password);
  if (!user.confirmedAt) return { status: 'unconfirmed' };
  return { status: 'signed_in', user };
}
