/**
 * The 10,000 most common passwords of the ranked list that `@zxcvbn-ts/language-common` ships
 * (OWASP ASVS 5.0 V6.2.4: refuse at least the top 3,000; NIST SP 800-63B: refuse commonly used
 * passwords). Loaded on first use, not at start: the package holds ~49,000 entries we do not need
 * until someone chooses a password.
 */
const TOP = 10_000;

let common: Promise<Set<string>> | undefined;

function loadCommonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const ranked = dictionary['passwords-common'] as string[];
    return new Set(ranked.slice(0, TOP).map((password) => password.toLowerCase()));
  });
  return common;
}

/** Compared case-insensitively: "PassWord1" is as guessable as "password1". */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}
