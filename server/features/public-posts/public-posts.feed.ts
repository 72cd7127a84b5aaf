import { APP_NAME } from '../../../shared/domain/constants';
import { escapeHtml } from '../../lib/html';
import { excerpt, markdownToParagraphs } from '../../lib/plain-text';
import { presentAttachment, publicPostUrl } from '../posts/posts.presenter';
import { displayName } from '../profiles/people';
import { FEED_PATH } from './public-posts.meta';
import type { PublishedRow } from './public-posts.repo';

/** How many of the latest published posts the Atom feed carries. */
export const FEED_ENTRIES = 50;
const SUMMARY_MAX = 300;

/**
 * Characters XML 1.0 does not allow, even escaped: C0 controls other than tab and newlines, lone
 * surrogates, U+FFFE and U+FFFF. Requests refuse NUL and lone surrogates; the others are dropped here.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- finding the characters XML forbids is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data or attribute value. */
export function xmlText(value: string): string {
  return escapeHtml(value.replace(NOT_XML, ''));
}

/** tag: URI (RFC 4151) of a post: stable across slugs, unpublishing and publishing again. */
function entryId(publicOrigin: string, row: PublishedRow): string {
  const host = new URL(publicOrigin).hostname;
  return `tag:${host},${row.postCreatedAt.toISOString().slice(0, 10)}:post/${row.postId}`;
}

/** The entry's content as HTML: its text by paragraph (as the page describes it) and its image. */
function entryHtml(row: PublishedRow, publicOrigin: string, paragraphs: string[]): string {
  const parts = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  const attachment = presentAttachment(row);
  if (attachment.has_image && attachment.file_url) {
    parts.push(
      `<p><img src="${escapeHtml(publicOrigin + attachment.file_url)}" alt="${escapeHtml(attachment.file_name ?? '')}" /></p>`,
    );
  }
  return parts.join('\n');
}

function renderEntry(row: PublishedRow, publicOrigin: string): string {
  const url = publicPostUrl(publicOrigin, row.slug);
  const published = row.createdAt.toISOString();
  const paragraphs = markdownToParagraphs(row.content);
  const html = entryHtml(row, publicOrigin, paragraphs);
  const lines = [
    '  <entry>',
    `    <id>${xmlText(entryId(publicOrigin, row))}</id>`,
    `    <title type="text">${xmlText(row.tldr)}</title>`,
    `    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
    `    <published>${published}</published>`,
    `    <updated>${published}</updated>`,
    '    <author>',
    `      <name>${xmlText(displayName(row))}</name>`,
    `      <uri>${xmlText(`${publicOrigin}/explore/profiles/${row.userId}`)}</uri>`,
    '    </author>',
  ];
  if (row.groupName) lines.push(`    <category term="${xmlText(row.groupName)}"/>`);
  if (paragraphs.length > 0)
    lines.push(`    <summary type="text">${xmlText(excerpt(paragraphs.join(' '), SUMMARY_MAX))}</summary>`);
  if (html) lines.push(`    <content type="html">${xmlText(html)}</content>`);
  lines.push('  </entry>');
  return lines.join('\n');
}

/** An Atom 1.0 document (RFC 4287) of the latest published posts, newest publication first. */
export function renderAtomFeed(rows: PublishedRow[], publicOrigin: string, now: Date = new Date()): string {
  const updated = (rows[0]?.createdAt ?? now).toISOString();
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(publicOrigin + FEED_PATH)}</id>`,
    `  <title type="text">${xmlText(`${APP_NAME}: published posts`)}</title>`,
    `  <subtitle type="text">${xmlText(`What members of ${APP_NAME} have published for everyone.`)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(publicOrigin + FEED_PATH)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(`${publicOrigin}/explore`)}"/>`,
    `  <generator>${xmlText(APP_NAME)}</generator>`,
    ...rows.map((row) => renderEntry(row, publicOrigin)),
    '</feed>',
    '',
  ].join('\n');
}
