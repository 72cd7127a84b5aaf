import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient, type Member } from '../../../tests/support/factories';
import { createGroupAs, createPostAs } from '../../../tests/support/social-factories';
import { publishAs } from '../../../tests/support/public-post-factories';
import type { TestClient } from '../../../tests/support/test-client';

/**
 * A small XML 1.0 well-formedness check (no parser in the project, none added for a test): one
 * root, tags that nest and close, quoted attributes, no raw `<` or stray `&`, no forbidden
 * characters. Returns what is wrong.
 */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  // eslint-disable-next-line no-control-regex -- finding the characters XML forbids is the point
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(xml)) problems.push('forbidden character');
  const prolog = /^<\?xml version="1\.0" encoding="utf-8"\?>\n/.exec(xml);
  if (!prolog) problems.push('no XML declaration');
  const body = xml.slice(prolog?.[0].length ?? 0);
  const token = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  const badReferences = (text: string) =>
    [...text.matchAll(/&[^;\s]*;?/g)]
      .map((m) => m[0])
      .filter((ref) => !/^&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);$/.test(ref));
  const stack: string[] = [];
  let roots = 0;
  for (let index = 0; index < body.length;) {
    token.lastIndex = index;
    const match = token.exec(body);
    if (!match) {
      problems.push(`unexpected markup: ${body.slice(index, index + 40)}`);
      break;
    }
    index = token.lastIndex;
    const [, closing, name, attributes, selfClosing, text] = match;
    if (text !== undefined) {
      if (stack.length === 0 && text.trim()) problems.push('text outside the root');
      problems.push(...badReferences(text).map((ref) => `bad reference ${ref}`));
      continue;
    }
    problems.push(...badReferences(attributes ?? '').map((ref) => `bad reference ${ref}`));
    if (closing) {
      if (stack.pop() !== name) problems.push(`mismatched </${name}>`);
    } else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name!);
    }
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(' > ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g, (_, ref: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (named[ref]) return named[ref];
    return String.fromCodePoint(ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
  });
}

/** One child element's text (unescaped), or its attribute when `attribute` is given. */
function child(xml: string, tag: string, attribute?: string): string | undefined {
  if (attribute) {
    const match = new RegExp(`<${tag}\\b[^>]*\\b${attribute}="([^"]*)"`).exec(xml);
    return match ? unescapeXml(match[1]!) : undefined;
  }
  const match = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match ? unescapeXml(match[1]!) : undefined;
}

const entriesOf = (xml: string) => [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => m[1]!);

describe('GET /explore/feed.atom', () => {
  let app: TestApp;
  let visitor: TestClient;
  let author: { member: Member; client: TestClient };

  beforeAll(async () => {
    app = await createTestApp();
    visitor = app.client();
    author = await memberWithClient(app, { firstName: 'Ada', lastName: 'Lovelace' });
  });
  afterAll(() => app.close());

  it('is a well-formed Atom document, cacheable, even with nothing published', async () => {
    const res = await visitor.get('/explore/feed.atom');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(xmlProblems(res.body)).toEqual([]);
    expect(res.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(child(res.body, 'id')).toBe('http://hearth.test/explore/feed.atom');
    expect(child(res.body, 'title')).toBe('Hearth: published posts');
    expect(new Date(child(res.body, 'updated')!).getTime()).not.toBeNaN();
    expect(res.body).toContain(
      '<link rel="self" type="application/atom+xml" href="http://hearth.test/explore/feed.atom"/>',
    );
    expect(entriesOf(res.body)).toEqual([]);
  });

  it('carries published posts newest first, each with id, title, dates, author, link and content', async () => {
    const { client: owner } = await memberWithClient(app);
    const group = await createGroupAs(owner, 'Bakers & <Friends>');
    const plain = await createPostAs(author.client, { tldr: 'Plain', content: '' });
    await createPostAs(author.client, { tldr: 'Draft, not published' });
    const rich = await createPostAs(author.client, {
      tldr: 'Rich',
      content: '# Title\n\nFirst **para** with <script>alert(1)</script>.\n\nSecond & last.',
    });
    const inGroup = await createPostAs(owner, { tldr: 'Group post', group_id: group.id });
    const publications = [];
    for (const [client, post] of [
      [author.client, plain],
      [author.client, rich],
      [owner, inGroup],
    ] as const) {
      publications.push(await publishAs(client, post.id));
    }

    const res = await visitor.get('/explore/feed.atom');
    expect(xmlProblems(res.body)).toEqual([]);
    const entries = entriesOf(res.body);
    expect(entries.map((entry) => child(entry, 'title'))).toEqual(['Group post', 'Rich', 'Plain']);
    expect(child(res.body, 'updated')).toBe(child(entries[0]!, 'published'));

    const [groupEntry, richEntry, plainEntry] = entries as [string, string, string];
    expect(child(richEntry, 'id')).toMatch(
      new RegExp(`^tag:hearth\\.test,\\d{4}-\\d{2}-\\d{2}:post/${rich.id}$`),
    );
    expect(child(richEntry, 'link', 'href')).toBe(publications[1]!.public_url);
    expect(child(richEntry, 'published')).toBe(publications[1]!.created_at);
    expect(child(richEntry, 'updated')).toBe(publications[1]!.created_at);
    expect(child(richEntry, 'name')).toBe('Ada Lovelace');
    expect(child(richEntry, 'uri')).toBe(`http://hearth.test/explore/profiles/${author.member.id}`);
    expect(child(richEntry, 'summary')).toBe('Title First para with alert(1). Second & last.');
    expect(child(richEntry, 'content', 'type')).toBe('html');
    // The content is HTML made from plain text: the member's tags are text in it, never markup.
    const html = child(richEntry, 'content')!;
    expect(html).toBe('<p>Title</p>\n<p>First para with alert(1).</p>\n<p>Second &amp; last.</p>');
    expect(child(groupEntry, 'category', 'term')).toBe('Bakers & <Friends>');
    expect(plainEntry).not.toContain('<summary');
    expect(plainEntry).not.toContain('<content');
  });

  it('escapes titles and drops characters XML cannot carry', async () => {
    const tldr = `<b>Fish & "chips"</b> it's ]]> \u0001done`;
    const post = await createPostAs(author.client, { tldr, content: 'a < b && c > d' });
    await publishAs(author.client, post.id);
    const res = await visitor.get('/explore/feed.atom');
    expect(xmlProblems(res.body)).toEqual([]);
    const [entry] = entriesOf(res.body);
    expect(child(entry!, 'title')).toBe(tldr.replace('\u0001', ''));
    expect(child(entry!, 'content')).toBe('<p>a &lt; b &amp;&amp; c &gt; d</p>');
    expect(entry).toContain('<title type="text">&lt;b&gt;Fish &amp; &quot;chips&quot;&lt;/b&gt;');
  });

  it('holds the latest 50 published posts', async () => {
    const titles: string[] = [];
    for (let i = 0; i < 50; i++) {
      const post = await createPostAs(author.client, { tldr: `Bulk ${i}` });
      await publishAs(author.client, post.id);
      titles.push(`Bulk ${i}`);
    }
    const res = await visitor.get('/explore/feed.atom');
    expect(xmlProblems(res.body)).toEqual([]);
    expect(entriesOf(res.body).map((entry) => child(entry, 'title'))).toEqual(titles.reverse());
  }, 60_000);
});
