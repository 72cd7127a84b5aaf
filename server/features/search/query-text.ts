/**
 * A search query split into what to look for and what to leave out: `-word` (a minus at the start
 * of a word) excludes posts holding that word, as in web search; quotes are kept as plain words
 * (any word matches, so a phrase is just its words, ranked higher when all are present).
 */
export interface QueryText {
  wanted: string;
  /** The excluded words as text (each one excludes), or null. */
  excluded: string | null;
}

export function parseQueryText(query: string): QueryText {
  const wanted: string[] = [];
  const excluded: string[] = [];
  for (const token of query.split(/\s+/)) {
    if (/^-[\p{L}\p{N}]/u.test(token)) excluded.push(token.slice(1));
    else if (token) wanted.push(token);
  }
  return { wanted: wanted.join(' '), excluded: excluded.length > 0 ? excluded.join(' ') : null };
}
