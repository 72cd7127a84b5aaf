import { micromark, type Options } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * Members' Markdown as HTML (CommonMark with GFM: tables, task lists, strikethrough, autolinks,
 * footnotes), raw HTML in the text skipped (spec section 9). The first half of drawing a post
 * without React's renderer: the server sends this with each published post (`content_html`), so the
 * public feed carries no Markdown parser, and the browser applies its link, image and mention rules
 * to it (web/components/markdown-html.ts). micromark escapes all text and drops unsafe link
 * protocols; those rules run again in the browser all the same.
 */

/** Raw HTML in members' text is skipped, as react-markdown's `skipHtml` does. */
const SKIP_HTML: NonNullable<Options['htmlExtensions']>[number] = {
  enter: {
    htmlFlow() {
      this.buffer();
    },
    htmlText() {
      this.buffer();
    },
  },
  exit: {
    htmlFlow() {
      this.resume();
    },
    htmlText() {
      this.resume();
    },
  },
};

/** Built once: building GFM's syntax for every call costs more than parsing a short post. */
const OPTIONS: Options = { extensions: [gfm()], htmlExtensions: [gfmHtml(), SKIP_HTML] };

export function renderMarkdownHtml(markdown: string): string {
  return micromark(markdown, OPTIONS);
}
