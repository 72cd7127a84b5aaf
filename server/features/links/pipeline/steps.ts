import type { FetchResult } from '../../../adapters/safe-fetch/safe-fetch';
import type { AppContext } from '../../../context';
import { indexLink } from '../../search/search.indexer';
import { fetchLeadImage, leadImageStorageKey } from './lead-image';
import { LINK_ERROR_MESSAGES, LinkStepError } from './link-step-error';
import type { LinkPatch, LinkRow } from './pipeline.repo';
import { checkSafety, type SafetyOptions } from './safety';
import { summarise, type SummariseOptions } from './summarise';
import { markdownToPlainText } from './plain-text';

/** What a run offers its steps: the page, fetched at most once per run and only if a step needs it. */
export interface StepRun {
  context: AppContext;
  page(): Promise<FetchResult>;
  summarise: SummariseOptions;
  safety: SafetyOptions;
}

/**
 * One pipeline step. `isDone` reads the row: a step whose output is stored is skipped, so a run
 * that follows a crash continues where the last one stopped and never writes an output twice.
 */
export interface LinkStep {
  name: string;
  isDone(link: LinkRow): boolean;
  run(link: LinkRow, run: StepRun): Promise<LinkPatch>;
}

export const fetchStep: LinkStep = {
  name: 'fetch',
  isDone: (link) => link.finalUrl !== null,
  async run(_link, run) {
    const page = await run.page();
    return {
      finalUrl: page.finalUrl,
      redirectChain: page.redirectChain,
      domain: new URL(page.finalUrl).hostname,
    };
  },
};

export const extractStep: LinkStep = {
  name: 'extract',
  isDone: (link) => link.markdownContent !== null,
  async run(link, run) {
    const page = await run.page();
    if (page.body === null) {
      const type = page.contentType ?? 'no content type';
      throw new LinkStepError(`${LINK_ERROR_MESSAGES.notReadable} (this link is ${type})`, true);
    }
    // Readability, linkedom, Turndown and franc come with the first page read (issue 26).
    const { extractPage } = await import('./extract');
    const extracted = extractPage(page.body, page.finalUrl, page.contentType ?? 'text/html');
    if (!extracted.text.trim()) throw new LinkStepError(LINK_ERROR_MESSAGES.noText, true);
    return {
      title: link.title ?? extracted.title,
      markdownContent: extracted.markdown,
      leadImageUrl: extracted.leadImageUrl,
      siteName: extracted.siteName,
      language: extracted.language,
    };
  },
};

export const summariseStep: LinkStep = {
  name: 'summarise',
  isDone: (link) => link.sentenceSummary !== null && link.paragraphSummary !== null,
  async run(link, run) {
    const text = markdownToPlainText(link.markdownContent ?? '');
    const summary = await summarise({ title: link.title, text, language: link.language }, run.summarise);
    return { sentenceSummary: summary.sentence, paragraphSummary: summary.paragraph };
  },
};

/**
 * Indexes the summarised link for search (keywords and meaning). Idempotent by itself, so it has no
 * column of its own. A failure here (an embeddings API down) does not fail the link: it is logged,
 * and the search maintenance job indexes every link left without an entry.
 */
export const embedStep: LinkStep = {
  name: 'embed',
  isDone: () => false,
  async run(link, run) {
    try {
      await indexLink(run.context, link.id);
    } catch (error) {
      run.context.logger.warn({ linkId: link.id, err: error }, 'link not indexed for search yet');
    }
    return {};
  },
};

export const safetyStep: LinkStep = {
  name: 'safety',
  isDone: (link) => link.safetyVerdict !== null,
  async run(link, run) {
    const page = await run.page();
    const result = await checkSafety(
      {
        url: link.url,
        finalUrl: page.finalUrl,
        redirectChain: page.redirectChain,
        contentType: page.contentType,
        attachmentName: page.attachmentName,
        html: page.contentType === 'text/plain' ? null : page.body,
      },
      run.safety,
    );
    return { safetyVerdict: result.verdict, safetyReasons: result.reasons };
  },
};

/**
 * Keeps Hearth's own copy of the lead image (see lead-image.ts). Last, so the verdict is known: an
 * unsafe page's picture is not kept. Never fails the link: a refused or unreachable image is logged
 * and the link simply has none. Writing the same key again is harmless, so a resumed run may repeat it.
 */
export const leadImageStep: LinkStep = {
  name: 'lead_image',
  isDone: (link) =>
    link.leadImageUrl === null || link.leadImageKey !== null || link.safetyVerdict === 'unsafe',
  async run(link, run) {
    const { context } = run;
    try {
      const image = await fetchLeadImage(link.leadImageUrl!, {
        allowLoopback: context.config.links.fetchAllowLoopback,
        logger: context.logger,
      });
      const key = leadImageStorageKey(link.id);
      await context.storage.write(key, image, 'image/webp');
      return { leadImageKey: key };
    } catch (error) {
      context.logger.info({ linkId: link.id, err: error }, 'lead image not kept');
      return {};
    }
  },
};

export const PAGE_NOT_CHECKED = 'Hearth could not open the page to check it';

/**
 * The safety check of a link whose reading failed for good, so even a failed link carries a verdict
 * (a download of a program is "unsafe", not merely unreadable). It uses what the fetch got, if
 * anything; a page that could not be opened at all is at best "unknown", never "safe".
 */
export async function safetyAfterFailure(link: LinkRow, run: StepRun): Promise<LinkPatch> {
  const page = await run.page().then(
    (fetched) => fetched,
    () => null,
  );
  const result = await checkSafety(
    {
      url: link.url,
      finalUrl: page?.finalUrl ?? null,
      redirectChain: page?.redirectChain ?? [],
      contentType: page?.contentType ?? null,
      attachmentName: page?.attachmentName ?? null,
      html: page && page.contentType !== 'text/plain' ? page.body : null,
    },
    run.safety,
  );
  if (!page && result.verdict === 'safe')
    return { safetyVerdict: 'unknown', safetyReasons: [PAGE_NOT_CHECKED] };
  return { safetyVerdict: result.verdict, safetyReasons: result.reasons };
}

/**
 * The pipeline, in order. Adding a step is one line here; its `isDone` reads a column it writes, or
 * returns false when the step is idempotent by itself.
 */
export const LINK_STEPS: LinkStep[] = [
  fetchStep,
  extractStep,
  summariseStep,
  embedStep,
  safetyStep,
  leadImageStep,
];
