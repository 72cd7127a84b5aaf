/** A hand-written post. `grade` is its judgement for the topic's queries (2 answers, 1 partly). */
export interface WrittenPost {
  title: string;
  content: string;
}

export interface JudgedPost extends WrittenPost {
  grade: 1 | 2;
}

/**
 * One information need, written and judged by hand before any search was tuned: the posts that
 * answer it, posts on the same words that do not (distractors, judged 0), and three ways a member
 * might ask for it. The paraphrase shares no content word with any relevant post (checked).
 */
export interface Topic {
  id: string;
  domain: string;
  relevant: JudgedPost[];
  distractors: WrittenPost[];
  /** A sentence-long natural question. */
  question: string;
  /** Two to four words, as typed into a search box. */
  keywords: string;
  /** Same need, other words: no content word in common with a relevant post. */
  paraphrase: string;
  /**
   * Words specific to this need. The generated filler posts must never contain them, so no
   * unjudged filler post can answer the query (the generator refuses to write one that does).
   */
  exclusive: string[];
}
