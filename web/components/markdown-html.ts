import type { MentionRef } from '@shared/api/mentions';
import { findMentionsInText } from '@shared/domain/mentions';
import { cn } from '@web/lib/cn';
import { isExternalUrl } from '@web/lib/external-url';
import { safeUrl } from '@web/lib/safe-url';
import {
  contentHeadingLevels,
  HEADING_SIZES,
  HEADING_TAGS,
  MARKDOWN_CLASS as CLASS,
  MEMBER_LINK_REL,
} from './markdown-styles';

/**
 * Members' Markdown drawn from HTML the server rendered (shared/domain/markdown-html.ts; published
 * posts carry it as `content_html`, every post its card's preview as `content_preview_html`), for
 * the public pages and the post cards, where a Markdown parser and the React renderer
 * (./markdown.tsx: react-markdown, remark and rehype) would weigh more than the rest of the page's
 * code. The same elements, classes and rules as ./markdown.tsx (web/components/markdown-html.test.tsx
 * renders both and compares them). The HTML is parsed into an inert <template> (nothing in it loads
 * or runs), anything a Markdown renderer does not write is dropped, and the rest is rewritten the
 * way ./markdown.tsx's components draw it:
 * - links keep only safe addresses (web/lib/safe-url.ts; else their text stays, in a <span>), carry
 *   rel="ugc nofollow noopener noreferrer", and open in a new tab when they lead to another site;
 * - images load only from Hearth itself; another site's image is a link to it;
 * - @names of the members the server resolved become links to their profile (not in code or links).
 */

/** What micromark with GFM writes: any other element or attribute did not come from Markdown. */
const MARKDOWN_TAGS = new Set(
  'a blockquote br code del em h1 h2 h3 h4 h5 h6 hr img input li ol p pre section strong sup table tbody td th thead tr ul'.split(
    ' ',
  ),
);
const MARKDOWN_ATTRIBUTES = new Set(
  'align alt aria-describedby aria-label checked class data-footnote-backref data-footnote-ref data-footnotes disabled href id src start title type'.split(
    ' ',
  ),
);

/** Removes elements and attributes a Markdown renderer never writes (scripts, handlers, styles, frames …). */
function dropForeignMarkup(root: DocumentFragment) {
  for (const element of [...root.querySelectorAll('*')]) {
    if (!MARKDOWN_TAGS.has(element.tagName.toLowerCase())) {
      element.remove();
      continue;
    }
    for (const { name } of [...element.attributes])
      if (!MARKDOWN_ATTRIBUTES.has(name)) element.removeAttribute(name);
    if (element.tagName === 'INPUT' && element.getAttribute('type') !== 'checkbox') element.remove();
  }
}

const PROFILE_PATH = (profileId: string) => `/profiles/${encodeURIComponent(profileId)}`;

/** A new element named `tag` in place of `element`, with its attributes and children. */
function rename(element: Element, tag: string): Element {
  const renamed = element.ownerDocument.createElement(tag);
  for (const attribute of [...element.attributes]) renamed.setAttribute(attribute.name, attribute.value);
  renamed.append(...element.childNodes);
  element.replaceWith(renamed);
  return renamed;
}

/** The class the renderer gives, unless the element brings its own (as a component's props override it). */
function setClass(element: Element, className: string) {
  if (!element.hasAttribute('class')) element.setAttribute('class', className);
}

/** Each resolved @name in text outside links and code becomes a link to the member's profile. */
function linkMentions(root: DocumentFragment, mentions: MentionRef[]) {
  const byName = new Map(mentions.map((mention) => [mention.username.toLowerCase(), mention]));
  if (byName.size === 0) return;
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('a, code')) texts.push(node as Text);
  }
  for (const text of texts) {
    const value = text.data;
    const parts: Node[] = [];
    let at = 0;
    for (const found of findMentionsInText(value)) {
      const member = byName.get(found.username.toLowerCase());
      if (!member) continue;
      if (found.index > at) parts.push(root.ownerDocument.createTextNode(value.slice(at, found.index)));
      const link = root.ownerDocument.createElement('a');
      link.setAttribute('href', PROFILE_PATH(member.profile_id));
      link.setAttribute('data-mention', member.username);
      link.textContent = value.slice(found.index, found.index + found.length);
      parts.push(link);
      at = found.index + found.length;
    }
    if (at === 0) continue;
    if (at < value.length) parts.push(root.ownerDocument.createTextNode(value.slice(at)));
    text.replaceWith(...parts);
  }
}

/** A member's link, as ./markdown.tsx's SafeLink draws it. */
function memberLink(link: Element) {
  const href = safeUrl(link.getAttribute('href') ?? '');
  const mention = link.getAttribute('data-mention');
  if (!href) {
    const span = link.ownerDocument.createElement('span');
    span.append(...link.childNodes);
    link.replaceWith(span);
    return;
  }
  link.setAttribute('href', href);
  if (mention && href.startsWith('/profiles/')) {
    link.setAttribute('class', CLASS.mention);
    return;
  }
  link.setAttribute('rel', MEMBER_LINK_REL);
  if (isExternalUrl(href)) link.setAttribute('target', '_blank');
  else link.removeAttribute('target');
  link.setAttribute('class', CLASS.link);
}

function memberImage(image: Element, preview: boolean) {
  const alt = image.getAttribute('alt') ?? '';
  if (preview) {
    if (!alt) return image.remove();
    const span = image.ownerDocument.createElement('span');
    span.setAttribute('class', CLASS.previewImage);
    span.textContent = `[${alt}]`;
    return image.replaceWith(span);
  }
  const src = safeUrl(image.getAttribute('src') ?? '');
  if (!src) return image.remove();
  if (isExternalUrl(src)) {
    const link = image.ownerDocument.createElement('a');
    link.setAttribute('href', src);
    link.setAttribute('title', src);
    link.textContent = alt || src;
    image.replaceWith(link);
    return memberLink(link);
  }
  image.setAttribute('src', src);
  image.setAttribute('alt', alt);
  image.setAttribute('loading', 'lazy');
  image.setAttribute('referrerpolicy', 'no-referrer');
  image.setAttribute('class', CLASS.img);
}

/** The rendered Markdown, rewritten in `document` (the browser's, or a test's). */
export function rewriteMarkdownHtml(
  html: string,
  {
    variant = 'full',
    mentions = [],
    titleLevel = 1,
    document: doc = document,
  }: { variant?: 'full' | 'preview'; mentions?: MentionRef[]; titleLevel?: number; document?: Document } = {},
): string {
  const preview = variant === 'preview';
  const template = doc.createElement('template');
  template.innerHTML = html;
  const root = template.content;
  dropForeignMarkup(root);
  linkMentions(root, mentions);
  // react-markdown's boolean attributes read "true"; whitespace between table rows and cells and
  // after the last block (a trailing link definition) is not drawn by it.
  for (const element of root.querySelectorAll('[data-footnote-ref], [data-footnotes]'))
    for (const name of ['data-footnote-ref', 'data-footnotes'])
      if (element.getAttribute(name) === '') element.setAttribute(name, 'true');
  for (const element of root.querySelectorAll('table, thead, tbody, tr'))
    for (const child of [...element.childNodes])
      if (child.nodeType === Node.TEXT_NODE && !child.textContent?.trim()) child.remove();
  while (root.lastChild?.nodeType === Node.TEXT_NODE && !root.lastChild.textContent?.trim())
    root.lastChild.remove();
  // A task item (GFM's "- [ ]"): the item and its list carry the classes remark-gfm gives them.
  for (const box of root.querySelectorAll('li input[type="checkbox"]')) {
    const item = box.closest('li')!;
    item.setAttribute('class', 'task-list-item');
    item.parentElement?.setAttribute('class', 'contains-task-list');
  }

  // Headings take the levels the React renderer gives them (contentHeadingLevels), in document order.
  const headings = [...root.querySelectorAll(HEADING_TAGS.join(', '))];
  const levels = contentHeadingLevels(
    headings.map((heading) => Number(heading.tagName.slice(1))),
    titleLevel,
  );
  const headingTags = new Map(headings.map((heading, index) => [heading, `h${levels[index]}`]));

  for (const element of [...root.querySelectorAll('*')]) {
    const tag = element.tagName.toLowerCase();
    const headingTag = headingTags.get(element);
    if (headingTag) {
      const renamed = rename(element, preview ? 'p' : headingTag);
      setClass(renamed, preview ? CLASS.previewHeading : cn(CLASS.heading, HEADING_SIZES[headingTag]));
    } else if (tag === 'a') memberLink(element);
    else if (tag === 'img') memberImage(element, preview);
    else if (tag === 'code') element.setAttribute('class', cn(CLASS.code, element.getAttribute('class')));
    else if (tag === 'table') {
      const wrapper = doc.createElement('div');
      wrapper.setAttribute('class', CLASS.tableWrapper);
      element.replaceWith(wrapper);
      wrapper.append(element);
      setClass(element, CLASS.table);
    } else if (tag === 'th' || tag === 'td') {
      const align = element.getAttribute('align');
      if (align) {
        element.removeAttribute('align');
        element.setAttribute('style', `text-align: ${align};`);
      }
      setClass(element, tag === 'th' ? CLASS.th : CLASS.td);
    } else {
      const className = {
        p: preview ? CLASS.previewParagraph : CLASS.paragraph,
        ul: CLASS.ul,
        ol: CLASS.ol,
        blockquote: CLASS.blockquote,
        pre: preview ? CLASS.previewPre : CLASS.pre,
        hr: CLASS.hr,
      }[tag];
      if (className) setClass(element, className);
    }
  }
  return template.innerHTML;
}
