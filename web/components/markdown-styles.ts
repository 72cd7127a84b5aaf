/**
 * How members' Markdown looks, shared by the React renderer (./markdown.tsx) and the lighter one of
 * the public feed (./markdown-html.ts), so both draw the same elements with the same classes.
 */

import type { MentionRef } from '@shared/api/mentions';

/** What both renderers take. */
export interface MarkdownProps {
  children: string;
  /** `preview` for cards: compact, no large headings or images. */
  variant?: 'full' | 'preview';
  className?: string;
  /** The members the text mentions (from the server's `mentions`): their @names become profile links. */
  mentions?: MentionRef[];
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
  ul: 'my-3 list-disc space-y-1 pl-6 marker:text-stone-400',
  ol: 'my-3 list-decimal space-y-1 pl-6 marker:text-stone-500',
  blockquote: 'my-3 border-l-4 border-brand-200 pl-4 text-stone-600 italic',
  code: 'rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-[0.875em] text-stone-800',
  pre: 'my-3 overflow-x-auto rounded-xl bg-code p-4 text-sm leading-relaxed text-code-ink [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-inherit',
  hr: 'my-6 border-stone-200',
  tableWrapper: 'my-3 overflow-x-auto',
  table: 'w-full border-collapse text-sm',
  th: 'border-b border-stone-300 px-3 py-2 text-left font-semibold text-stone-900',
  td: 'border-b border-stone-100 px-3 py-2',
  img: 'my-3 max-h-[400px] rounded-lg',
  previewParagraph: 'my-2',
  previewHeading: 'my-2 font-semibold text-stone-900',
  previewImage: 'text-stone-500 italic',
  previewPre: 'my-2 overflow-x-auto rounded-lg bg-stone-100 p-3 text-sm [&>code]:bg-transparent [&>code]:p-0',
} as const;

/** Markdown's h1…h6 one level down (the page's own title is the h1), with their text size. */
export const HEADINGS: Record<string, { tag: string; size: string }> = {
  h1: { tag: 'h2', size: 'text-xl' },
  h2: { tag: 'h3', size: 'text-lg' },
  h3: { tag: 'h4', size: 'text-base' },
  h4: { tag: 'h5', size: 'text-base' },
  h5: { tag: 'h6', size: 'text-sm' },
  h6: { tag: 'h6', size: 'text-sm' },
};
