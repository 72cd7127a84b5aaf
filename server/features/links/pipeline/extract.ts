import { Readability } from '@mozilla/readability';
import { franc } from 'franc-min';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { languageTag } from './language';

/** What the extract step takes from a page: its readable text as Markdown, and what describes it. */
export interface ExtractedPage {
  title: string | null;
  /** The readable text, plain, whitespace tidied. */
  text: string;
  markdown: string;
  /** og:image (or twitter:image, image_src), made absolute; null when the page names none. */
  leadImageUrl: string | null;
  siteName: string | null;
  /** A BCP 47 tag: the page's `<html lang>`, else detected from the text; null when unsure. */
  language: string | null;
}

/** Markdown kept per link; longer articles are cut at a paragraph boundary. */
export const MARKDOWN_MAX_CHARS = 300_000;
/**
 * HTML handed to the DOM, after scripts and styles are dropped. Parsing and Readability take
 * ~1.5 s per MB on this machine and block the process meanwhile (bench/link-extract.ts), so a 5 MB
 * page is read from its first 512 KB of markup, where an article's text virtually always starts.
 */
export const READABLE_HTML_MAX_CHARS = 512 * 1024;
const TITLE_MAX_CHARS = 300;

/**
 * Reads a page. HTML goes through Readability on linkedom (ADR 011 says why linkedom), with a
 * `<base href>` so relative links and images come out absolute; plain text is kept as it is.
 */
export function extractPage(body: string, pageUrl: string, contentType: string): ExtractedPage {
  return contentType === 'text/plain' ? extractPlainText(body) : extractHtml(body, pageUrl);
}

function extractHtml(html: string, pageUrl: string): ExtractedPage {
  const { document } = parseHTML(withoutCode(html).slice(0, READABLE_HTML_MAX_CHARS));
  setBase(document, pageUrl);
  const meta = readMeta(document, pageUrl);
  const declaredLanguage = document.documentElement?.getAttribute('lang');
  const documentTitle = document.title;
  const fallbackText = tidy(document.body?.textContent ?? '');
  const article = new Readability(document as unknown as Document).parse();

  const contentHtml = article?.content ?? '';
  const text = tidy(article?.textContent ?? '') || fallbackText;
  const markdown = contentHtml ? toMarkdown(contentHtml) : paragraphsAsMarkdown(text);
  return {
    title: clip(meta.title ?? article?.title ?? documentTitle ?? null),
    text,
    markdown: capMarkdown(markdown),
    leadImageUrl: meta.image ?? firstImage(contentHtml, pageUrl),
    siteName: clip(meta.siteName ?? article?.siteName ?? null),
    language: languageTag(declaredLanguage) ?? detectLanguage(text),
  };
}

function extractPlainText(body: string): ExtractedPage {
  const text = body.replace(/\r\n?/g, '\n').trim();
  const firstLine = text.split('\n', 1)[0]?.trim() ?? '';
  return {
    title: clip(firstLine || null),
    text: tidy(text),
    markdown: capMarkdown(paragraphsAsMarkdown(text)),
    leadImageUrl: null,
    siteName: null,
    language: detectLanguage(text),
  };
}

type LinkedomDocument = ReturnType<typeof parseHTML>['document'];

/** Scripts (except JSON-LD metadata, which Readability reads), styles, inline SVG and comments: never prose. */
export function withoutCode(html: string): string {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi, (block, attributes: string) =>
      /ld\+json/i.test(attributes) ? block : '',
    )
    .replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '')
    .replace(/<svg\b[^>]*>[\s\S]*?<\/svg\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');
}

/** linkedom has no document URL: a `<base>` gives Readability one (an existing base is resolved against it). */
function setBase(document: LinkedomDocument, pageUrl: string) {
  const existing = document.querySelector('base[href]');
  if (existing) {
    existing.setAttribute('href', absoluteUrl(existing.getAttribute('href'), pageUrl) ?? pageUrl);
    return;
  }
  const base = document.createElement('base');
  base.setAttribute('href', pageUrl);
  let head = document.head;
  if (!head) {
    head = document.createElement('head');
    document.documentElement?.prepend(head);
  }
  head.prepend(base);
}

function readMeta(document: LinkedomDocument, pageUrl: string) {
  const content = (...selectors: string[]) => {
    for (const selector of selectors) {
      const value = document.querySelector(selector)?.getAttribute('content')?.trim();
      if (value) return value;
    }
    return null;
  };
  const imageSource =
    content(
      'meta[property="og:image:secure_url"]',
      'meta[property="og:image"]',
      'meta[property="og:image:url"]',
      'meta[name="twitter:image"]',
      'meta[name="twitter:image:src"]',
      'meta[property="twitter:image"]',
    ) ?? document.querySelector('link[rel="image_src"]')?.getAttribute('href');
  return {
    title: content('meta[property="og:title"]', 'meta[name="twitter:title"]'),
    siteName: content('meta[property="og:site_name"]', 'meta[name="application-name"]'),
    image: absoluteUrl(imageSource ?? null, pageUrl),
  };
}

/** Without og:image and the like, the article's first image stands for it. */
function firstImage(contentHtml: string, pageUrl: string): string | null {
  const source = /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(contentHtml)?.[1];
  return absoluteUrl(source ? source.replaceAll('&amp;', '&') : null, pageUrl);
}

/** An http(s) URL resolved against the page, or null (data:, javascript: and garbage are dropped). */
function absoluteUrl(value: string | null, pageUrl: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

let turndown: TurndownService | undefined;

function toMarkdown(html: string): string {
  turndown ??= createTurndown();
  return turndown
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  });
  // Links and images that are not http(s) (javascript:, data:) keep their text and lose the target.
  service.addRule('unsafeLinks', {
    filter: (node) =>
      node.nodeName === 'A' && absoluteUrl(node.getAttribute('href'), 'http://x.invalid/') === null,
    replacement: (content) => content,
  });
  service.addRule('unsafeImages', {
    filter: (node) =>
      node.nodeName === 'IMG' && absoluteUrl(node.getAttribute('src'), 'http://x.invalid/') === null,
    replacement: () => '',
  });
  service.remove(['script', 'style', 'noscript', 'iframe', 'form']);
  return service;
}

function paragraphsAsMarkdown(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => escapeMarkdown(paragraph.replace(/\s+/g, ' ').trim()))
    .filter(Boolean)
    .join('\n\n');
}

function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>#])/g, '\\$1');
}

function capMarkdown(markdown: string): string {
  if (markdown.length <= MARKDOWN_MAX_CHARS) return markdown;
  const cut = markdown.lastIndexOf('\n\n', MARKDOWN_MAX_CHARS);
  return markdown.slice(0, cut > MARKDOWN_MAX_CHARS / 2 ? cut : MARKDOWN_MAX_CHARS).trimEnd();
}

function tidy(text: string): string {
  return text
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

function clip(value: string | null): string | null {
  const text = value?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length <= TITLE_MAX_CHARS ? text : `${text.slice(0, TITLE_MAX_CHARS - 1).trimEnd()}…`;
}

/** franc needs some text to be sure; below that the language stays unknown. */
function detectLanguage(text: string): string | null {
  const sample = text.slice(0, 20_000);
  if (sample.length < 40) return null;
  const code = franc(sample, { minLength: 40 });
  return code === 'und' ? null : languageTag(code);
}
