import { describe, expect, it } from 'vitest';
import type { FetchResult } from '../../../adapters/safe-fetch/safe-fetch';
import type { AppContext } from '../../../context';
import { FIXTURE_PAGES, readFixture } from './fixtures/fixture-server';
import { LinkStepError } from './link-step-error';
import type { LinkRow } from './pipeline.repo';
import {
  extractStep,
  fetchStep,
  leadImageStep,
  LINK_STEPS,
  PAGE_NOT_CHECKED,
  safetyAfterFailure,
  safetyStep,
  type StepRun,
  summariseStep,
} from './steps';

const URL_SHARED = 'https://garden.example/bees';

function linkRow(overrides: Partial<LinkRow> = {}): LinkRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userId: '00000000-0000-4000-8000-000000000002',
    url: URL_SHARED,
    normalizedUrl: URL_SHARED,
    domain: 'garden.example',
    comment: null,
    visibility: 'private',
    status: 'processing',
    title: null,
    sentenceSummary: null,
    paragraphSummary: null,
    markdownContent: null,
    finalUrl: null,
    redirectChain: null,
    leadImageUrl: null,
    leadImageKey: null,
    siteName: null,
    language: null,
    step: null,
    safetyVerdict: null,
    safetyReasons: null,
    error: null,
    attempts: 1,
    processedAt: null,
    searchVector: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...overrides,
  } as LinkRow;
}

/** A run whose page is a fixture (or a failure), counting fetches. */
function runWith(page: Partial<FetchResult> | Error) {
  let fetches = 0;
  const run: StepRun = {
    context: {} as AppContext,
    page: async () => {
      fetches += 1;
      if (page instanceof Error) throw page;
      return {
        url: URL_SHARED,
        finalUrl: 'https://www.garden.example/news/bees',
        redirectChain: [URL_SHARED],
        status: 200,
        contentType: 'text/html',
        attachmentName: null,
        body: readFixture(FIXTURE_PAGES.bees),
        truncated: false,
        ...page,
      };
    },
    summarise: { llm: null, logger: { warn: () => undefined } },
    safety: { safeBrowsing: null },
  };
  return { run, fetches: () => fetches };
}

describe('pipeline steps', () => {
  it('run in order, each done once its column is stored (embed, idempotent by itself, always runs)', () => {
    expect(LINK_STEPS.map((step) => step.name)).toEqual([
      'fetch',
      'extract',
      'summarise',
      'embed',
      'safety',
      'lead_image',
    ]);
    const empty = linkRow({ leadImageUrl: 'https://garden.example/hive.jpg' });
    expect(LINK_STEPS.map((step) => step.isDone(empty))).toEqual([false, false, false, false, false, false]);
    const full = linkRow({
      finalUrl: URL_SHARED,
      markdownContent: '',
      sentenceSummary: 'a',
      paragraphSummary: 'b',
      safetyVerdict: 'safe',
      leadImageUrl: 'https://garden.example/hive.jpg',
      leadImageKey: '00000000-0000-4000-8000-000000000001.lead',
    });
    expect(LINK_STEPS.map((step) => step.isDone(full))).toEqual([true, true, true, false, true, true]);
    // No image named, or an unsafe page: nothing to keep.
    expect(leadImageStep.isDone(linkRow())).toBe(true);
    expect(
      leadImageStep.isDone(
        linkRow({ leadImageUrl: 'https://garden.example/hive.jpg', safetyVerdict: 'unsafe' }),
      ),
    ).toBe(true);
  });

  it('fetch records where the link led, and the final site as its domain', async () => {
    const { run } = runWith({});
    expect(await fetchStep.run(linkRow(), run)).toEqual({
      finalUrl: 'https://www.garden.example/news/bees',
      redirectChain: [URL_SHARED],
      domain: 'www.garden.example',
    });
  });

  it('extract stores the reading, keeping a title already set', async () => {
    const { run } = runWith({});
    const patch = await extractStep.run(linkRow(), run);
    expect(patch).toMatchObject({
      title: "Rooftop hives are changing how London's bees live",
      siteName: 'Garden Weekly',
      language: 'en-GB',
      leadImageUrl: 'https://www.garden.example/images/rooftop-hives.jpg',
    });
    expect(patch.markdownContent).toContain('Urban beekeeping has grown quickly');
    expect((await extractStep.run(linkRow({ title: 'Chosen' }), run)).title).toBe('Chosen');
  });

  it('extract refuses, for good, a page that is not text or has no text', async () => {
    const image = runWith({ contentType: 'image/png', body: null });
    await expect(extractStep.run(linkRow(), image.run)).rejects.toMatchObject({
      permanent: true,
      userMessage: 'Hearth can only read web pages and plain text (this link is image/png)',
    });
    const blank = runWith({ body: '<html><body><script>x()</script></body></html>' });
    await expect(extractStep.run(linkRow(), blank.run)).rejects.toBeInstanceOf(LinkStepError);
  });

  it('summarise works from the stored Markdown, without fetching', async () => {
    const { run, fetches } = runWith(new Error('no network in this test'));
    const markdown = [
      'Solar panels on school roofs cut the electricity bills of schools across the region.',
      'Schools with solar panels spent far less on electricity, and the panels paid for themselves.',
      'A spokesperson declined to comment on the cafeteria menu.',
      'The region now plans solar panels for every school roof, to cut electricity bills further.',
    ].join('\n\n');
    const patch = await summariseStep.run(linkRow({ markdownContent: markdown, language: 'en' }), run);
    expect(patch.sentenceSummary).toMatch(/solar panels/i);
    expect(patch.paragraphSummary).toBeTruthy();
    expect(fetches()).toBe(0);
  });

  it('safety judges the page and the addresses it went through', async () => {
    const phishing = runWith({ body: readFixture(FIXTURE_PAGES.phishing) });
    expect(await safetyStep.run(linkRow(), phishing.run)).toEqual({
      safetyVerdict: 'unsafe',
      safetyReasons: [
        'The page asks for a password and sends it to another site (collect.verify-accounts.example.net)',
      ],
    });
  });

  it('after a failure, a page never opened is unknown, never safe', async () => {
    const { run } = runWith(new Error('blocked'));
    expect(await safetyAfterFailure(linkRow(), run)).toEqual({
      safetyVerdict: 'unknown',
      safetyReasons: [PAGE_NOT_CHECKED],
    });
  });
});
