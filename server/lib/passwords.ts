import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id parameters for new hashes: OWASP's minimum (m=19456 KiB, t=2, p=1), about 13 ms a hash
 * here. Written out rather than left to the library's defaults, so a change is a decision in this
 * file, and hashes made with other parameters are upgraded at the member's next sign-in.
 */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * True when a stored hash was not made by argon2id with today's parameters (PHC string:
 * `$argon2id$v=19$m=…,t=…,p=…$salt$hash`), so it should be replaced once the password is known.
 */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [memoryCost, timeCost, parallelism] = match.slice(1).map(Number);
  return (
    memoryCost !== ARGON2_PARAMS.memoryCost ||
    timeCost !== ARGON2_PARAMS.timeCost ||
    parallelism !== ARGON2_PARAMS.parallelism
  );
}

/** Verified against when no account matches, so a missing email costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('hearth-timing-equaliser');
  return dummyHash;
}
