import { describe, expect, it } from 'vitest';
import { withSiteMeta } from '../../app';
import { missingPostMeta, publishedPostMeta, siteMeta, withPageMeta } from './public-posts.meta';
import type { PublishedRow } from './public-posts.repo';

const ORIGIN = 'https://hearth.example';

const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Old description" />
    <meta property="og:title" content="Old" />
    <link rel="canonical" href="https://old.example/" />
    <link rel="icon" href="/favicon.svg" />
    <title>Hearth</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

function row(overrides: Partial<PublishedRow> = {}): PublishedRow {
  return {
    id: '0a1b2c3d-0000-4000-8000-000000000001',
    createdAt: new Date('2026-03-04T05:06:07.089Z'),
    createdAtExact: '2026-03-04T05:06:07.089000Z',
    slug: 'my-post',
    postId: '0a1b2c3d-0000-4000-8000-000000000002',
    postCreatedAt: new Date('2026-03-01T00:00:00.000Z'),
    tldr: 'My post',
    content: 'Some **bold** words.',
    userId: '0a1b2c3d-0000-4000-8000-000000000003',
    groupId: null,
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    avatarFileId: null,
    groupName: null,
    eventId: null,
    datePollId: null,
    fileId: null,
    fileName: null,
    fileContentType: null,
    fileSize: null,
    fileWidth: null,
    fileHeight: null,
    fileDurationMs: null,
    filePosterKey: null,
    files: [],
    likesCount: 0,
    commentsCount: 0,
    ...overrides,
  };
}

describe('withPageMeta', () => {
  it('replaces the built title, description, Open Graph and canonical tags with the page’s own', () => {
    const html = withPageMeta(BUILT_INDEX, publishedPostMeta(row(), ORIGIN));
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>My post · Hearth</title>');
    expect(html).not.toContain('Old');
    expect(html).toContain('<meta name="description" content="Some bold words." />');
    expect(html).toContain('<link rel="canonical" href="https://hearth.example/explore/post/my-post" />');
    expect(html).toContain('<meta property="article:published_time" content="2026-03-04T05:06:07.089Z" />');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />');
    expect(html).toContain('<body><div id="root"></div></body>');
    expect(html.indexOf('og:type')).toBeLessThan(html.indexOf('</head>'));
  });

  it('escapes every value and keeps $ patterns literal', () => {
    const hostile = `"><script>alert(1)</script>$&$'$\`'`;
    const html = withPageMeta(
      BUILT_INDEX,
      publishedPostMeta(row({ tldr: hostile, content: hostile, slug: 'ok-slug' }), ORIGIN),
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      '<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;$&amp;$&#39;$`&#39; · Hearth</title>',
    );
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<html/g)).toHaveLength(1);
  });

  it('uses an absolute image address and the large card only for images', () => {
    const image = row({ fileId: 'f1', fileName: 'a.png', fileContentType: 'image/png', fileSize: 10 });
    const html = withPageMeta(BUILT_INDEX, publishedPostMeta(image, ORIGIN));
    expect(html).toContain('<meta property="og:image" content="https://hearth.example/api/files/f1" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const pdf = row({ fileId: 'f2', fileName: 'a.pdf', fileContentType: 'application/pdf', fileSize: 10 });
    const plain = withPageMeta(BUILT_INDEX, publishedPostMeta(pdf, ORIGIN));
    expect(plain).not.toContain('og:image');
    expect(plain).toContain('<meta name="twitter:card" content="summary" />');
  });

  it('marks a missing post noindex, with no canonical address', () => {
    const html = withPageMeta(BUILT_INDEX, missingPostMeta());
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
  });

  it('gives site pages the site title and the feed link', () => {
    const html = withPageMeta(BUILT_INDEX, siteMeta('/explore', ORIGIN));
    expect(html).toContain('<title>Published posts · Hearth</title>');
    expect(html).toContain('href="/explore/feed.atom"');
    expect(html).toContain('<link rel="canonical" href="https://hearth.example/explore" />');
    expect(withPageMeta(BUILT_INDEX, siteMeta('/', ORIGIN))).toContain('<title>Hearth</title>');
  });

  it('leaves a page without a head alone', () => {
    expect(withPageMeta('<p>hi</p>', siteMeta('/', ORIGIN))).toBe('<p>hi</p>');
  });

  it('composes with the operator’s site meta', () => {
    const html = withPageMeta(withSiteMeta(BUILT_INDEX, "a$'b@example.org"), siteMeta('/', ORIGIN));
    expect(html).toContain('<meta name="hearth-contact-email" content="a$&#39;b@example.org" />');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});
