import { LIMITS } from './constants';

/**
 * @mentions: the one place that says what counts as a mention of a member, used by the server (to
 * resolve and notify) and the web (to render links and offer autocomplete).
 *
 * A mention is `@` followed by a username (letters, digits and underscores, LIMITS.usernameMin to
 * LIMITS.usernameMax long, the sign-up rule), not glued to a word before it (so `ana@example.org`
 * is an e-mail address, not a mention) and not followed by another username character. Text inside
 * code spans and code blocks is code, never a mention. Usernames match case-insensitively.
 */

const NAME = `[A-Za-z0-9_]{${LIMITS.usernameMin},${LIMITS.usernameMax}}`;
/** Before the `@`: start of text or a character that cannot end a word, an address or a path. */
const MENTION = new RegExp(`(^|[^A-Za-z0-9_@./+\\-\`])@(${NAME})(?![A-Za-z0-9_@])`, 'g');

/** Fenced blocks (``` or ~~~), indented code lines, and inline code spans of any backtick run. */
const CODE =
  /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))|^(?: {4}|\t)[^\n]*$|(`+)[\s\S]*?\2/gm;

export interface MentionMatch {
  /** The username as written (case kept). */
  username: string;
  /** Where the `@` is in the text. */
  index: number;
  /** Length of `@username`. */
  length: number;
}

/** The mentions in plain text (no Markdown code handling): for one text node of rendered Markdown. */
export function findMentionsInText(text: string): MentionMatch[] {
  const found: MentionMatch[] = [];
  for (const match of text.matchAll(MENTION)) {
    const lead = match[1] ?? '';
    const username = match[2]!;
    found.push({ username, index: match.index + lead.length, length: username.length + 1 });
  }
  return found;
}

/** Markdown with its code replaced by spaces, so positions outside code stay where they were. */
function withoutCode(markdown: string): string {
  return markdown.replace(CODE, (code) => code.replace(/[^\n]/g, ' '));
}

/** The distinct usernames mentioned in a Markdown text, lower-cased, in order of first mention. */
export function extractMentions(markdown: string): string[] {
  // Most texts mention no one: a page of posts looks at each twice (issue 26).
  if (!markdown.includes('@')) return [];
  const seen = new Set<string>();
  for (const { username } of findMentionsInText(withoutCode(markdown))) seen.add(username.toLowerCase());
  return [...seen];
}

/**
 * While typing: the partial mention that ends at the caret, e.g. `@an` in "hello @an|", with where
 * its `@` stands; null when the caret is not right after an `@` and username characters.
 */
export function mentionAtCaret(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(^|[^A-Za-z0-9_@./+\-`])@([A-Za-z0-9_]*)$/.exec(before);
  if (!match || match[2]!.length > LIMITS.usernameMax) return null;
  return { query: match[2]!, start: caret - match[2]!.length - 1 };
}

/** Autocomplete asks the server only from this many typed characters on. */
export const MENTION_QUERY_MIN = 2;
/** At most this many suggestions. */
export const MENTION_SUGGESTIONS_MAX = 8;
