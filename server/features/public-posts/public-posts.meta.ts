import { APP_NAME } from '../../../shared/domain/constants';
import { escapeHtml } from '../../lib/html';
import { excerpt, markdownToText } from '../../lib/plain-text';
import { leadImagePath } from '../links/links.presenter';
import type { PublishedLinkRow } from '../links/links.repo';
import { presentAttachment, publicPostUrl } from '../posts/posts.presenter';
import { displayName } from '../profiles/people';
import type { PublishedRow } from './public-posts.repo';

/**
 * What a public page tells browsers, search engines and link previews (Open Graph, Twitter cards)
 * before any script runs. Pure: the page routes (public-posts.pages.ts) pick the meta and pass the
 * built index.html through `withPageMeta`.
 */
export interface PageMeta {
  /** The page's own title (og:title); the document title adds the site's name. */
  title: string;
  description: string;
  /** Absolute canonical address (also og:url). */
  url?: string;
  type: 'website' | 'article';
  /** Absolute address of a preview image. */
  image?: string;
  /** ISO time of publication (article:published_time). */
  publishedTime?: string;
  noindex?: boolean;
}

export const DESCRIPTION_MAX = 200;
export const FEED_PATH = '/explore/feed.atom';
const SITE_DESCRIPTION = `${APP_NAME}: an invite-only place for your community. Read what members have published for everyone.`;

/** The meta of the public pages that show no single post: /, /feed, /explore and the rest of /explore. */
export function siteMeta(pathname: string, publicOrigin: string): PageMeta {
  const titles: Record<string, string> = {
    '/': APP_NAME,
    '/feed': 'Feed',
    '/explore': 'Published posts',
    '/explore/links': 'Published links',
  };
  return {
    title: titles[pathname] ?? APP_NAME,
    description: SITE_DESCRIPTION,
    url: pathname in titles ? `${publicOrigin}${pathname === '/' ? '/' : pathname}` : undefined,
    type: 'website',
  };
}

/** The page of a post that is not published (or never was): the app shows its error state. */
export function missingPostMeta(): PageMeta {
  return { title: 'Post not found', description: SITE_DESCRIPTION, type: 'website', noindex: true };
}

/** The page of a link that is not published and read (or never was): the app shows its error state. */
export function missingLinkMeta(): PageMeta {
  return { title: 'Link not found', description: SITE_DESCRIPTION, type: 'website', noindex: true };
}

/**
 * A published link's page: the page's title, its one-sentence summary, Hearth's copy of its lead
 * image. An unsafe page's own words are not repeated in a preview (a phishing page's lure).
 */
export function publishedLinkMeta(row: PublishedLinkRow, publicOrigin: string): PageMeta {
  const title = row.title ?? row.domain;
  const fallback = `${title}, shared by ${displayName(row)} on ${APP_NAME}`;
  const summary = row.safetyVerdict === 'unsafe' ? null : row.sentenceSummary;
  return {
    title,
    description: excerpt(summary ?? fallback, DESCRIPTION_MAX),
    url: `${publicOrigin}/explore/link/${row.id}`,
    type: 'article',
    image: row.leadImageKey ? `${publicOrigin}${leadImagePath(row.id, 'visitors')}` : undefined,
    publishedTime: row.createdAt.toISOString(),
  };
}

/** A published post's page: its title, its text as a description, its image when it has one. */
export function publishedPostMeta(row: PublishedRow, publicOrigin: string): PageMeta {
  const text = markdownToText(row.content);
  const attachment = presentAttachment(row);
  return {
    title: row.tldr,
    description: excerpt(text || `${row.tldr}, by ${displayName(row)} on ${APP_NAME}`, DESCRIPTION_MAX),
    url: publicPostUrl(publicOrigin, row.slug),
    type: 'article',
    image: attachment.has_image && attachment.file_url ? `${publicOrigin}${attachment.file_url}` : undefined,
    publishedTime: row.createdAt.toISOString(),
  };
}

/** The tags of one page, every value escaped (member input never becomes markup). */
export function renderMetaTags(meta: PageMeta): string {
  const tags: string[] = [];
  const named = (name: string, content: string) =>
    tags.push(`<meta name="${name}" content="${escapeHtml(content)}" />`);
  const property = (name: string, content: string) =>
    tags.push(`<meta property="${name}" content="${escapeHtml(content)}" />`);

  const documentTitle = meta.title === APP_NAME ? APP_NAME : `${meta.title} · ${APP_NAME}`;
  tags.push(`<title>${escapeHtml(documentTitle)}</title>`);
  named('description', meta.description);
  if (meta.noindex) named('robots', 'noindex');
  if (meta.url) tags.push(`<link rel="canonical" href="${escapeHtml(meta.url)}" />`);
  tags.push(
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${APP_NAME}: published posts`)}" href="${FEED_PATH}" />`,
  );
  property('og:site_name', APP_NAME);
  property('og:type', meta.type);
  property('og:title', meta.title);
  property('og:description', meta.description);
  if (meta.url) property('og:url', meta.url);
  if (meta.image) property('og:image', meta.image);
  if (meta.publishedTime) property('article:published_time', meta.publishedTime);
  named('twitter:card', meta.image ? 'summary_large_image' : 'summary');
  named('twitter:title', meta.title);
  named('twitter:description', meta.description);
  if (meta.image) named('twitter:image', meta.image);
  return tags.join('\n    ');
}

/** Tags the page's own meta replaces, wherever the built index.html has them. */
const REPLACED_TAGS = [
  /<title\b[^>]*>[\s\S]*?<\/title>\s*/gi,
  /<meta\s+name="(description|robots|twitter:[^"]*)"[^>]*>\s*/gi,
  /<meta\s+property="(og|article):[^"]*"[^>]*>\s*/gi,
  /<link\s+rel="(canonical|alternate)"[^>]*>\s*/gi,
];

/**
 * The built index.html with this page's title and meta tags in its head. Replacements are
 * functions, never strings: a `$&` in a member's title must stay text.
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  const head = html.indexOf('</head>');
  if (head < 0) return html;
  let before = html.slice(0, head);
  for (const pattern of REPLACED_TAGS) before = before.replace(pattern, () => '');
  return `${before}  ${renderMetaTags(meta)}\n  ${html.slice(head)}`;
}
