// Text normalisation shared by the bench's BM25 baseline and its "no shared word" check:
// lowercase, split on anything that is not a letter or digit, drop English stop words, and strip
// common suffixes with a light stemmer. Deliberately simple and fixed: it is the yardstick, not
// something to tune.

const STOP_WORDS = new Set(
  `a about above after again against all am an and any are aren as at be because been before being
  below between both but by can cannot could couldn did didn do does doesn doing don down during each
  else even ever every few for from further get gets got had hadn has hasn have haven having he her
  here hers herself him himself his how i if in into is isn it its itself just let lets me more most
  much must mustn my myself no nor not now of off on once only or other ought our ours ourselves out
  over own same shall shan she should shouldn so some such than that thats the their theirs them
  themselves then there these they this those through to too under until up upon us very was wasn we
  were weren what when where which while who whom why will with won would wouldn you your yours
  yourself yourselves also anyone anything any many one ones really still yet via re ll ve d s t m
  im ive id youre theyre weve dont doesnt isnt wasnt cant wont didnt arent`.split(/\s+/),
);

const VOWELS = /[aeiouy]/;

function stripDouble(word: string): string {
  // running -> runn -> run, dropped -> dropp -> drop; but keep "ll", "ss", "zz" (fall, pass, buzz).
  const last = word.at(-1)!;
  if (word.length > 3 && last === word.at(-2) && !'lsz'.includes(last) && !VOWELS.test(last)) {
    return word.slice(0, -1);
  }
  return word;
}

/** A light suffix-stripping stemmer: plurals, -ies/-ied, -ing, -ed, -ly, -er, -ment, -ness, final -e. */
export function stem(input: string): string {
  let word = input;
  if (word.length <= 3 || /^\d/.test(word)) return word;
  if (/ie[sd]$/.test(word) && word.length > 4) word = `${word.slice(0, -3)}y`;
  else if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) word = word.slice(0, -1);

  for (const suffix of ['ness', 'ment', 'ing', 'ed', 'ly', 'er']) {
    const base = word.slice(0, -suffix.length);
    if (word.endsWith(suffix) && base.length >= 3 && VOWELS.test(base)) {
      word = suffix === 'ing' || suffix === 'ed' ? stripDouble(base) : base;
      break;
    }
  }
  if (word.endsWith('e') && word.length > 4) word = word.slice(0, -1);
  return word;
}

/** Lowercased words of a text, apostrophes dropped ("don't" -> "dont", "son's" -> "sons"). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2019]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** Content-word stems of a text: stop words removed, each remaining word stemmed. */
export function contentStems(text: string): string[] {
  return words(text)
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem);
}

/**
 * Stems two texts have in common, judged generously: equal stems, or one stem of at least four
 * letters starting the other (so "rail" and "railcard", "restrict" and "restriction" count as shared).
 */
export function sharedStems(a: string, b: string): string[] {
  const left = new Set(contentStems(a));
  const right = [...new Set(contentStems(b))];
  const shared = new Set<string>();
  for (const x of left) {
    for (const y of right) {
      const [short, long] = x.length <= y.length ? [x, y] : [y, x];
      if (x === y || (short.length >= 4 && long.startsWith(short))) shared.add(x === y ? x : `${x}~${y}`);
    }
  }
  return [...shared];
}
