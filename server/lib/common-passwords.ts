/**
 * Guessable passwords (OWASP ASVS 5.0 V6.2.4: refuse at least the top 3,000; NIST SP 800-63B: refuse
 * commonly used, expected or compromised passwords). The list is the whole ranked list that
 * `@zxcvbn-ts/language-common` ships (about 49,000 passwords from public breach-frequency lists),
 * and a password is also refused when it is one of them, a season, a month, Hearth's own name or a
 * keyboard walk, dressed the way people dress such words to pass a rule: a capital, letters written
 * as digits or symbols (`Passw0rd`, `P@ssword`), and a few digits or symbols before or after
 * (`Password1!`, `Summer2024!`, `Qwerty123!`). Guessing tools try exactly these variations first.
 * Loaded on first use, not at start: nobody needs the list until someone chooses a password.
 */

interface Lists {
  passwords: Set<string>;
  /** Each key of a QWERTY keyboard with the keys next to it, shifted or not. */
  neighbours: Map<string, Set<string>>;
}

/** Words as guessable as the top of the list, whatever their rank in it. */
const EXPECTED_WORDS = [
  'hearth',
  ...['spring', 'summer', 'autumn', 'fall', 'winter'],
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august'],
  ...['september', 'october', 'november', 'december'],
  ...['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'],
];

/** Letters people write as digits or symbols; `1` stands for `i` as often as for `l`. */
const LEET: Array<Record<string, string>> = [
  {
    '0': 'o',
    '1': 'i',
    '3': 'e',
    '4': 'a',
    '5': 's',
    '7': 't',
    '8': 'b',
    '9': 'g',
    '@': 'a',
    $: 's',
    '!': 'i',
  },
  { '1': 'l' },
];

/** Digits or symbols around a word that add next to nothing: a year, `123`, `!`. */
const MAX_AFFIX_DIGITS = 4;
const MAX_AFFIX_SYMBOLS = 3;
const MAX_AFFIX_LENGTH = 12;
/** Shorter runs of adjacent keys are common in any word. */
const MIN_WALK = 4;

let lists: Promise<Lists> | undefined;

function loadLists(): Promise<Lists> {
  lists ??= import('@zxcvbn-ts/language-common').then(({ dictionary, adjacencyGraphs }) => {
    const ranked = dictionary['passwords-common'] as string[];
    const passwords = new Set([...ranked.map((password) => password.toLowerCase()), ...EXPECTED_WORDS]);
    const neighbours = new Map<string, Set<string>>();
    for (const [key, around] of Object.entries(adjacencyGraphs.qwerty as Record<string, (string | null)[]>)) {
      const near = new Set(around.flatMap((keys) => (keys ? [...keys.toLowerCase()] : [])));
      neighbours.set(key.toLowerCase(), new Set([...(neighbours.get(key.toLowerCase()) ?? []), ...near]));
    }
    return { passwords, neighbours };
  });
  return lists;
}

/** The word with its digits and symbols read as the letters they stand for, each way. */
function readingsOf(word: string): string[] {
  const first = [...word].map((char) => LEET[0]![char] ?? char).join('');
  const second = [...word].map((char) => LEET[1]![char] ?? LEET[0]![char] ?? char).join('');
  return [...new Set([word, first, second])];
}

/** Whether digits and symbols around a word leave it as guessable as the word. */
function isPredictableAffix(affix: string, passwords: Set<string>): boolean {
  if (/\p{L}/u.test(affix)) return false;
  const digits = affix.replace(/\D/g, '');
  const symbols = affix.length - digits.length;
  return symbols <= MAX_AFFIX_SYMBOLS && (digits.length <= MAX_AFFIX_DIGITS || passwords.has(digits));
}

function isKeyboardWalk(word: string, neighbours: Lists['neighbours']): boolean {
  if (word.length < MIN_WALK) return false;
  return [...word].every((char, i) => i === 0 || (neighbours.get(word[i - 1]!)?.has(char) ?? false));
}

/** Compared case-insensitively: "PassWord1" is as guessable as "password1". */
export async function isGuessablePassword(password: string): Promise<boolean> {
  const { passwords, neighbours } = await loadLists();
  const lower = password.toLowerCase();
  if (passwords.has(lower)) return true;
  for (let start = 0; start <= Math.min(MAX_AFFIX_LENGTH, lower.length); start++) {
    const lastEnd = Math.max(start + 1, lower.length - MAX_AFFIX_LENGTH);
    for (let end = lower.length; end >= lastEnd; end--) {
      const word = lower.slice(start, end);
      if (!/\p{L}/u.test(word)) continue;
      if (!isPredictableAffix(lower.slice(0, start) + lower.slice(end), passwords)) continue;
      if (isKeyboardWalk(word, neighbours)) return true;
      if (readingsOf(word).some((reading) => passwords.has(reading))) return true;
    }
  }
  return false;
}
