/**
 * How members' Markdown looks, shared by the React renderer (./markdown.tsx) and the lighter one of
 * the public feed (./markdown-html.ts), so both draw the same elements with the same classes.
 */

import type { MentionRef } from '@shared/api/mentions';
import { t } from '@web/i18n/i18n';

/** What both renderers take. */
export interface MarkdownProps {
  children: string;
  /** `preview` for cards: compact, no large headings or images. */
  variant?: 'full' | 'preview';
  className?: string;
  /** The members the text mentions (from the server's `mentions`): their @names become profile links. */
  mentions?: MentionRef[];
  /**
   * The level of the heading the text sits under (a post's title: 1 on its own page, 2 on a card),
   * so the text's own headings start one below it (contentHeadingLevels). 1 when not given.
   */
  titleLevel?: number;
}

/** The default of `mentions`: one array, so memoised work keyed on it stays put. */
export const NO_MENTION_REFS: MentionRef[] = [];

/** Every member-written link: user content, unendorsed, no opener, no referrer. */
export const MEMBER_LINK_REL = 'ugc nofollow noopener noreferrer';

export const MARKDOWN_CLASS = {
  root: 'min-w-0 text-[15px] leading-relaxed break-words text-stone-800 [&>:first-child]:mt-0 [&>:last-child]:mb-0',
  link: 'font-medium break-words text-brand-700 underline decoration-brand-300 underline-offset-2 transition-colors hover:text-brand-800 hover:decoration-brand-500',
  mention:
    'rounded-sm bg-brand-50 px-0.5 font-medium text-brand-800 no-underline hover:bg-brand-100 hover:underline',
  paragraph: 'my-3',
  heading: 'mt-5 mb-2 font-semibold tracking-tight text-stone-900',
  ul: 'my-3 list-disc space-y-1 ps-6 marker:text-stone-400',
  ol: 'my-3 list-decimal space-y-1 ps-6 marker:text-stone-500',
  blockquote: 'my-3 border-s-4 border-brand-200 ps-4 text-stone-600 italic',
  code: 'rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-[0.875em] text-stone-800',
  pre: 'my-3 overflow-x-auto rounded-xl bg-code p-4 text-sm leading-relaxed text-code-ink [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-inherit',
  hr: 'my-6 border-stone-200',
  tableWrapper: 'my-3 overflow-x-auto',
  table: 'w-full border-collapse text-sm',
  th: 'border-b border-stone-300 px-3 py-2 text-start font-semibold text-stone-900',
  td: 'border-b border-stone-100 px-3 py-2',
  img: 'my-3 max-h-[400px] rounded-lg',
  previewParagraph: 'my-2',
  previewHeading: 'my-2 font-semibold text-stone-900',
  previewImage: 'text-stone-500 italic',
  previewPre: 'my-2 overflow-x-auto rounded-lg bg-stone-100 p-3 text-sm [&>code]:bg-transparent [&>code]:p-0',
} as const;

/** A content heading's text size, by the level it is drawn at (its tag). */
export const HEADING_SIZES: Record<string, string> = {
  h1: 'text-xl',
  h2: 'text-xl',
  h3: 'text-lg',
  h4: 'text-base',
  h5: 'text-base',
  h6: 'text-sm',
};

export const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * The levels a text's headings are drawn at, given their Markdown levels in document order and the
 * level of the title above them. A page's outline must not skip a level (axe's heading-order): the
 * text's top level, whichever it is (`#` or `##` …), becomes one below the title, the levels it
 * uses follow on without gaps, no heading is more than one below the heading before it, and none
 * goes past h6. Both renderers (./markdown-renderer.tsx, ./markdown-html.ts) draw headings by it.
 */
export function contentHeadingLevels(levels: number[], titleLevel = 1): number[] {
  const used = [...new Set(levels)].sort((a, b) => a - b);
  let previous = titleLevel;
  return levels.map((level) => {
    const wanted = titleLevel + used.indexOf(level) + 1;
    previous = Math.min(wanted, previous + 1, 6);
    return previous;
  });
}

/**
 * Makes each code block in `root` that is wider than its box (it scrolls sideways) reachable by
 * keyboard and named (axe's scrollable-region-focusable): tabindex 0 and a group named "Code
 * block"; a block that fits is left out of the tab order. Both renderers call it once drawn, and
 * again when the text's width changes (useScrollableCodeBlocks).
 */
export function markScrollableCodeBlocks(root: ParentNode) {
  for (const pre of root.querySelectorAll('pre')) {
    if (pre.scrollWidth > pre.clientWidth) {
      pre.setAttribute('tabindex', '0');
      pre.setAttribute('role', 'group');
      // Named when it is drawn, in the language of the moment (so a keyboard can reach it and a reader names it).
      pre.setAttribute('aria-label', t('components.markdown.codeBlock'));
    } else {
      for (const name of ['tabindex', 'role', 'aria-label']) pre.removeAttribute(name);
    }
  }
}
