/**
 * Language tags as BCP 47 wants them: the two-letter ISO 639-1 code where one exists (franc answers
 * with ISO 639-3), lower-case language, upper-case region (`en-GB`). Unrecognisable values give null.
 */
const ISO_639_3_TO_1: Record<string, string> = {
  afr: 'af',
  amh: 'am',
  arb: 'ar',
  azj: 'az',
  bel: 'be',
  ben: 'bn',
  bos: 'bs',
  bul: 'bg',
  cat: 'ca',
  ces: 'cs',
  cmn: 'zh',
  dan: 'da',
  deu: 'de',
  ell: 'el',
  eng: 'en',
  est: 'et',
  fin: 'fi',
  fra: 'fr',
  guj: 'gu',
  hau: 'ha',
  heb: 'he',
  hin: 'hi',
  hrv: 'hr',
  hun: 'hu',
  hye: 'hy',
  ibo: 'ig',
  ind: 'id',
  ita: 'it',
  jav: 'jv',
  jpn: 'ja',
  kan: 'kn',
  kat: 'ka',
  kaz: 'kk',
  khm: 'km',
  kin: 'rw',
  kor: 'ko',
  lao: 'lo',
  lin: 'ln',
  lit: 'lt',
  lvs: 'lv',
  mal: 'ml',
  mar: 'mr',
  mya: 'my',
  nld: 'nl',
  nob: 'nb',
  npi: 'ne',
  nya: 'ny',
  pan: 'pa',
  pes: 'fa',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  run: 'rn',
  rus: 'ru',
  sin: 'si',
  slk: 'sk',
  slv: 'sl',
  som: 'so',
  spa: 'es',
  srp: 'sr',
  sun: 'su',
  swe: 'sv',
  swh: 'sw',
  tam: 'ta',
  tel: 'te',
  tgl: 'tl',
  tha: 'th',
  tur: 'tr',
  ukr: 'uk',
  urd: 'ur',
  uzn: 'uz',
  vie: 'vi',
  yor: 'yo',
  zlm: 'ms',
  zul: 'zu',
};

export function languageTag(value: string | null | undefined): string | null {
  const trimmed = value?.trim().replace(/_/g, '-');
  if (!trimmed || !/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i.test(trimmed)) return null;
  // "Undetermined", "no linguistic content" and "multiple languages" say nothing.
  if (/^(und|zxx|mul|mis)(-|$)/i.test(trimmed)) return null;
  const [language, ...rest] = trimmed.split('-');
  const lower = language!.toLowerCase();
  const primary = ISO_639_3_TO_1[lower] ?? lower;
  const subtags = rest.map((tag) => (tag.length === 2 ? tag.toUpperCase() : tag.toLowerCase()));
  return [primary, ...subtags].join('-');
}
