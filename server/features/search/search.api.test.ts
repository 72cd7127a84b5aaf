import { and, eq, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, follows, links, searchEntries, searchTerms } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { memberWithClient } from '../../../tests/support/factories';
import { uploadAccepted } from '../../../tests/support/file-factories';
import { createGroupAs, createPostAs, memberOfAnotherGroup } from '../../../tests/support/social-factories';
import { completion, startFakeChat, type FakeChat } from '../../../tests/support/fake-chat-server';
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from './fake-embeddings-server';
import { indexLink, indexPost } from './search.indexer';
import { maintainSearch } from './search.job';
import { STATIC_MODEL } from './static-embedder';

type Hit = { id: string };
const ids = (body: Hit[]) => body.map((hit) => hit.id);

/** Waits until the worker has indexed the post (its search entry exists, with a vector model when pgvector is here). */
async function waitForIndexed(app: TestApp, postId: string) {
  const deadline = Date.now() + 60_000;
  const done = app.context.database.hasVector
    ? and(eq(searchEntries.postId, postId), isNotNull(searchEntries.model))
    : eq(searchEntries.postId, postId);
  while (Date.now() < deadline) {
    const [row] = await app.context.db.select({ id: searchEntries.id }).from(searchEntries).where(done);
    if (row) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`post ${postId} was not indexed in time`);
}

describe('POST /api/search', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('finds visible posts by keyword, title matches first, never hidden group posts', async () => {
    const { client: owner } = await memberWithClient(app);
    const { client: outsider } = await memberOfAnotherGroup(app);
    const group = await createGroupAs(owner);
    const inContent = await createPostAs(owner, {
      tldr: 'Weekend plans',
      content: 'We could go sailing on the lake.',
    });
    const inTitle = await createPostAs(owner, { tldr: 'Sailing lessons', content: 'Anyone interested?' });
    const hidden = await createPostAs(owner, { tldr: 'Secret sailing trip', group_id: group.id });
    await createPostAs(owner, { tldr: 'Unrelated', content: 'Bread recipes' });

    const res = await outsider.post('/api/search', { query: 'sail' });
    expect(res.status).toBe(200);
    expect(ids(res.body).slice(0, 2)).toEqual([inTitle.id, inContent.id]);
    expect(ids(res.body)).not.toContain(hidden.id);
    expect(res.body[0]).toHaveProperty('liked_by_current_user', false);

    const asMember = await owner.post('/api/search', { query: 'sailing' });
    expect(ids(asMember.body)).toContain(hidden.id);
    // A minus excludes a word; quotes are read as plain words.
    const phrase = await outsider.post('/api/search', { query: '"sailing lessons" -weekend' });
    expect(ids(phrase.body)).toEqual([inTitle.id]);
    expect((await outsider.post('/api/search', { query: 'the' })).body).toEqual([]);
    expect((await outsider.post('/api/search', { query: '(((' })).status).toBe(200);
    expect((await outsider.post('/api/search', { query: "it's a \\ 'quoted' & | ! <-> :*" })).status).toBe(
      200,
    );
  });

  it('matches any word, so a sentence-long question finds its post, ranked by BM25', async () => {
    const { client } = await memberWithClient(app);
    const target = await createPostAs(client, {
      tldr: 'Harpsichord tuning',
      content: 'I tune the harpsichord before every concert; the temperament matters.',
    });
    const common = await createPostAs(client, { tldr: 'Concert tonight', content: 'Every concert is fun.' });
    const either = await client.post('/api/search', { query: 'harpsichord zanzibar' });
    expect(ids(either.body)).toEqual([target.id]);

    const sentence = await client.post('/api/search', {
      query: 'How often should someone tune a harpsichord before playing a concert?',
    });
    // Both share "concert"; the rare "harpsichord" and "tune" put the target first.
    expect(ids(sentence.body).slice(0, 2)).toEqual([target.id, common.id]);
  });

  it('keeps every page full after filtering out posts the viewer may not see or ignored', async () => {
    const { client: owner } = await memberWithClient(app);
    const { client: outsider } = await memberOfAnotherGroup(app);
    const group = await createGroupAs(owner);
    for (let i = 0; i < 30; i++)
      await createPostAs(owner, { tldr: `Quokka sighting ${i}`, group_id: group.id });
    const visible: string[] = [];
    for (let i = 0; i < 55; i++) visible.push((await createPostAs(owner, { tldr: `Quokka photo ${i}` })).id);
    await outsider.post(`/api/posts/${visible[0]}/ignore`);

    const res = await outsider.post('/api/search', { query: 'quokka' });
    expect(res.body).toHaveLength(50);
    expect(ids(res.body).every((id) => visible.includes(id) && id !== visible[0])).toBe(true);
    const asOwner = await owner.post('/api/search', { query: 'quokka' });
    expect(asOwner.body).toHaveLength(50);
  });

  it('puts posts with the rarest words first and fills the page with posts holding the others', async () => {
    const { member, client } = await memberWithClient(app);
    // 320 posts hold "lantern": too many to all be candidates, so they only fill in.
    await app.context.db.execute(sql`
      insert into posts (user_id, tldr, content)
      select ${member.id}, 'Paper lantern ' || i, 'A lantern for the garden.' from generate_series(1, 320) i`);
    const both = await createPostAs(client, {
      tldr: 'Zeppelin lantern',
      content: 'A lantern shaped like a zeppelin.',
    });
    const rare = await createPostAs(client, { tldr: 'Zeppelin museum', content: 'Airships.' });
    const res = await client.post('/api/search', { query: 'zeppelin lantern' });
    expect(ids(res.body).slice(0, 2)).toEqual([both.id, rare.id]);
    expect(res.body).toHaveLength(50);
  });

  it('finds a post by its attachment name once indexed', async () => {
    const { client } = await memberWithClient(app);
    const post = await createPostAs(client, { tldr: 'Holiday', content: 'See attached.' });
    // The worker indexes the new post with no attachment text: let it finish first, or its entry
    // would overwrite the one written below.
    await waitForIndexed(app, post.id);
    // The attachment's name as the indexer stores it (uploads are covered by the files feature).
    await app.context.db
      .insert(searchEntries)
      .values({ postId: post.id, extraText: 'itinerary draft pdf' })
      .onConflictDoUpdate({ target: searchEntries.postId, set: { extraText: 'itinerary draft pdf' } });
    expect(ids((await client.post('/api/search', { query: 'itinerary' })).body)).toEqual([post.id]);
  });

  it('searches with a pasted paragraph of 1,000 characters and refuses a longer one', async () => {
    const { client } = await memberWithClient(app);
    const target = await createPostAs(client, { tldr: 'Numbat sightings', content: 'Seen on Rottnest.' });
    await createPostAs(client, { tldr: 'Gardening notes', content: 'Tomatoes again.' });
    // 150 distinct words no post holds, with the one that matters at the end.
    const filler = Array.from({ length: 150 }, (_, index) => `zq${index.toString(36)}x`).join(' ');
    const paragraph = `${filler} numbat`.padStart(1000, 'y');
    expect(paragraph).toHaveLength(1000);
    const found = await client.post('/api/search', { query: paragraph });
    expect(found.status).toBe(200);
    // The keyword match leads (other members' posts may follow as meaning matches).
    expect(ids(found.body)[0]).toBe(target.id);
    expect((await client.post('/api/search/all', { query: paragraph })).status).toBe(200);

    const longer = await client.post('/api/search', { query: `${paragraph}y` });
    expect(longer.status).toBe(422);
    expect(longer.body).toEqual({ errors: { query: ['is too long (maximum is 1000 characters)'] } });
  });

  it('refuses a blank query and signed-out requests', async () => {
    const { client } = await memberWithClient(app);
    const blank = await client.post('/api/search', { query: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.query).toEqual(["can't be blank"]);
    expect((await client.post('/api/search', {})).status).toBe(422);
    expect((await app.client().post('/api/search', { query: 'x' })).status).toBe(401);
    expect((await app.client().post('/api/search/all', { query: 'x' })).status).toBe(401);
  });

  it('reports the search mode in /api/health', async () => {
    const res = await app.client().get('/api/health');
    if (app.context.database.hasVector) {
      expect(res.body).toMatchObject({
        search: 'fulltext+static-vectors',
        search_model: STATIC_MODEL,
        pgvector: true,
      });
    } else {
      expect(res.body).toMatchObject({ search: 'fulltext', search_model: null, pgvector: false });
    }
  });
});

describe('POST /api/search by meaning', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('finds a post by a word it does not contain but that means the same (static vectors)', async (ctx) => {
    if (!app.context.database.hasVector) ctx.skip();
    const { client: owner } = await memberWithClient(app);
    const { client: outsider } = await memberOfAnotherGroup(app);
    const group = await createGroupAs(owner);
    const post = await createPostAs(owner, { tldr: 'Sailing lessons on the lake this weekend' });
    const grouped = await createPostAs(owner, {
      tldr: 'Physician says influenza is spreading',
      group_id: group.id,
    });
    await waitForIndexed(app, post.id);
    await waitForIndexed(app, grouped.id);

    const res = await outsider.post('/api/search', { query: 'boating classes' });
    expect(ids(res.body)[0]).toBe(post.id);
    // Meaning never reveals a group post to a non-member; its member finds it (the positive control).
    expect(ids((await owner.post('/api/search', { query: 'doctor flu' })).body)).toContain(grouped.id);
    expect(ids((await outsider.post('/api/search', { query: 'doctor flu' })).body)).not.toContain(grouped.id);
  }, 90_000);
  it('finds an image post by its file name and by the words the image shows (OCR)', async () => {
    const { client } = await memberWithClient(app);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="200"><rect width="800" height="200" fill="white"/><text x="20" y="90" font-size="48" font-family="sans-serif" fill="black">Farmers market opens Saturday</text><text x="20" y="160" font-size="40" font-family="sans-serif" fill="black">Fresh bread and honey</text></svg>`;
    const bytes = await sharp(Buffer.from(svg)).png().toBuffer();
    const upload = await uploadAccepted(app, client, {
      name: 'market-flyer.png',
      bytes,
      contentType: 'image/png',
    });
    const res = await client.post('/api/posts', {
      post: { tldr: 'This week', content: '', file_request_id: upload.id },
    });
    expect(res.status).toBe(201);
    await waitForIndexed(app, res.body.id);
    expect(ids((await client.post('/api/search', { query: 'flyer' })).body)).toEqual([res.body.id]);
    expect(ids((await client.post('/api/search', { query: 'honey' })).body)).toEqual([res.body.id]);
  }, 90_000);
});

describe('search maintenance', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('indexes recent posts left without an entry and refreshes document frequencies', async () => {
    const { client } = await memberWithClient(app);
    const post = await createPostAs(client, { tldr: 'Marzipan workshop', content: 'Almond paste.' });
    await waitForIndexed(app, post.id);
    await app.context.db.delete(searchEntries).where(eq(searchEntries.postId, post.id));
    await maintainSearch(app.context);
    const [entry] = await app.context.db
      .select({ model: searchEntries.model })
      .from(searchEntries)
      .where(eq(searchEntries.postId, post.id));
    expect(entry).toBeDefined();
    expect(entry!.model).toBe(app.context.database.hasVector ? STATIC_MODEL : null);
    const [term] = await app.context.db
      .select({ documents: searchTerms.documents })
      .from(searchTerms)
      .where(and(eq(searchTerms.corpus, 'posts'), eq(searchTerms.lexeme, 'marzipan')));
    expect(term?.documents).toBe(1);
  }, 90_000);
});

describe('POST /api/search with an embeddings API', () => {
  let app: TestApp;
  let fake: FakeEmbeddingsServer;
  beforeAll(async () => {
    fake = await startFakeEmbeddingsServer('sk-test');
    app = await createTestApp({
      config: { embeddings: { baseUrl: fake.url, apiKey: 'sk-test', model: 'fake-embed-1' } },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('fuses keyword and meaning rankings, reports the model, and keeps keywords when the API fails', async (ctx) => {
    if (!app.context.database.hasVector) ctx.skip();
    expect((await app.client().get('/api/health')).body).toMatchObject({
      search: 'fulltext+embeddings',
      search_model: 'fake-embed-1',
      pgvector: true,
    });
    const { client } = await memberWithClient(app);
    const post = await createPostAs(client, { tldr: 'Sailing lessons', content: 'On the lake.' });
    const other = await createPostAs(client, { tldr: 'Boating weather', content: 'Windy.' });
    await waitForIndexed(app, post.id);
    await waitForIndexed(app, other.id);
    const [entry] = await app.context.db
      .select({ model: searchEntries.model })
      .from(searchEntries)
      .where(eq(searchEntries.postId, post.id));
    expect(entry?.model).toBe('fake-embed-1');

    const res = await client.post('/api/search', { query: 'boating classes' });
    // "boating" matches the other post by keyword; meaning brings the sailing lessons too.
    expect(ids(res.body).slice(0, 2).sort()).toEqual([post.id, other.id].sort());
    expect(fake.requests.some((request) => request.body.input.includes('boating classes'))).toBe(true);

    fake.status = 503;
    const degraded = await client.post('/api/search', { query: 'boating classes' });
    expect(degraded.status).toBe(200);
    expect(ids(degraded.body)).toEqual([other.id]);
    fake.status = 200;
  }, 90_000);
});

describe('POST /api/search/all', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function insertLink(userId: string, visibility: 'private' | 'public' | 'published', title: string) {
    const [row] = await app.context.db
      .insert(links)
      .values({
        userId,
        url: `https://example.com/${encodeURIComponent(title)}`,
        normalizedUrl: `https://example.com/${encodeURIComponent(title)}`,
        domain: 'example.com',
        visibility,
        status: 'ready',
        title,
        sentenceSummary: `${title}: a short summary about woodworking joints.`,
      })
      .returning({ id: links.id });
    await indexLink(app.context, row!.id);
    return row!.id;
  }

  it('shows each link only to whom it may reach: private the owner, public followers, published all', async () => {
    const { member: owner, client: ownerClient } = await memberWithClient(app);
    const { member: follower, client: followerClient } = await memberWithClient(app);
    const { client: stranger } = await memberWithClient(app);
    await app.context.db.insert(follows).values({ followerId: follower.id, followeeId: owner.id });
    const privateLink = await insertLink(owner.id, 'private', 'Dovetail private notes');
    const publicLink = await insertLink(owner.id, 'public', 'Dovetail public guide');
    const publishedLink = await insertLink(owner.id, 'published', 'Dovetail published essay');

    const seen = async (client: typeof stranger) =>
      ((await client.post('/api/search/all', { query: 'dovetail' })).body.links as Hit[])
        .map((hit) => hit.id)
        .sort();
    expect(await seen(ownerClient)).toEqual([privateLink, publicLink, publishedLink].sort());
    expect(await seen(followerClient)).toEqual([publicLink, publishedLink].sort());
    expect(await seen(stranger)).toEqual([publishedLink]);
  });

  it('highlights matches in links, people and groups as plain-text pieces', async () => {
    const { client } = await memberWithClient(app, { firstName: 'Marguerite', lastName: 'Zebulon' });
    await createGroupAs(client, 'Zebulon Knitting Circle');
    const { member } = await memberWithClient(app);
    await insertLink(member.id, 'published', 'Zebulon <b>bold</b> tricks');

    const res = await client.post('/api/search/all', { query: 'zebulon' });
    expect(res.status).toBe(200);
    expect(res.body.people[0].name).toEqual([
      { text: 'Marguerite ', match: false },
      { text: 'Zebulon', match: true },
    ]);
    expect(res.body.groups[0].name).toEqual([
      { text: 'Zebulon', match: true },
      { text: ' Knitting Circle', match: false },
    ]);
    const title = res.body.links[0].title as { text: string; match: boolean }[];
    expect(title.filter((piece) => piece.match).map((piece) => piece.text)).toEqual(['Zebulon']);
    // Markup in a title stays text: the pieces carry it verbatim, the client renders text.
    expect(title.map((piece) => piece.text).join('')).toBe('Zebulon <b>bold</b> tricks');
  });
});

describe('POST /api/search with a vision model captioning images', () => {
  let app: TestApp;
  let chat: FakeChat;
  beforeAll(async () => {
    chat = await startFakeChat();
    chat.answer = () => completion('A red bicycle leaning against a brick wall.');
    app = await createTestApp({ config: { vision: chat.config } });
  });
  afterAll(async () => {
    await app.close();
    await chat.close();
  });

  it('finds a photo by what it shows, reads it once, and reports the caption model', async () => {
    const health = await app.client().get('/api/health');
    expect(health.body).toMatchObject({ image_search: 'ocr+captions', caption_model: 'tiny-model' });

    const { client } = await memberWithClient(app);
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c03020' } })
      .jpeg()
      .toBuffer();
    const upload = await uploadAccepted(app, client, {
      name: 'IMG_2041.jpg',
      bytes,
      contentType: 'image/jpeg',
    });
    const res = await client.post('/api/posts', {
      post: { tldr: 'Saturday', content: '', file_request_id: upload.id },
    });
    expect(res.status).toBe(201);
    await waitForIndexed(app, res.body.id);
    expect(ids((await client.post('/api/search', { query: 'bicycle' })).body)).toEqual([res.body.id]);
    const [file] = await app.context.db.select().from(files).where(eq(files.id, upload.id));
    expect(file).toMatchObject({ imageCaption: 'A red bicycle leaning against a brick wall.' });
    expect(file!.imageReadAt).toBeInstanceOf(Date);

    // Indexing the post again (as an edit does) reuses what was read: the model is not asked again.
    const asked = chat.requests.length;
    await indexPost(app.context, res.body.id);
    expect(chat.requests.length).toBe(asked);
  }, 90_000);

  it('keeps the post searchable by its words when the model fails, and asks again next time', async () => {
    chat.answer = () => ({ status: 500, body: {} });
    const { client } = await memberWithClient(app);
    const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2040c0' } })
      .png()
      .toBuffer();
    const upload = await uploadAccepted(app, client, { name: 'lake.png', bytes, contentType: 'image/png' });
    const res = await client.post('/api/posts', {
      post: { tldr: 'Evening swim', content: '', file_request_id: upload.id },
    });
    await waitForIndexed(app, res.body.id);
    expect(ids((await client.post('/api/search', { query: 'swim' })).body)).toEqual([res.body.id]);
    const [file] = await app.context.db.select().from(files).where(eq(files.id, upload.id));
    expect(file!.imageCaption).toBeNull();

    chat.answer = () => completion('A calm blue lake under an evening sky.');
    await indexPost(app.context, res.body.id);
    expect(ids((await client.post('/api/search', { query: 'lake sky' })).body)).toEqual([res.body.id]);
  }, 90_000);
});
