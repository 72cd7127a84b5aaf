import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMarkdownHtml } from '@shared/domain/markdown-html';
import { Markdown } from './markdown';
import { contentHeadingLevels } from './markdown-styles';
import { RenderedMarkdown } from './rendered-markdown';

/**
 * The public feed's lighter renderer must draw what the React one (./markdown.tsx) draws, safety
 * rules included: both render the same members' Markdown and the two DOMs are compared.
 */

/**
 * The DOM as text: attributes in name order (React and the template set them in different orders),
 * adjacent text nodes joined (React writes one per string), and without React Router's
 * data-discover marker on its links (route discovery, nothing a reader sees).
 */
function canonical(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify((node as Text).data);
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const element = node as Element;
  const attributes = [...element.attributes]
    .filter((attribute) => attribute.name !== 'data-discover')
    .map((attribute) => `${attribute.name}=${JSON.stringify(attribute.value)}`)
    .sort()
    .join(' ');
  const children = [...element.childNodes].map(canonical).join('');
  return `<${element.tagName.toLowerCase()}${attributes ? ` ${attributes}` : ''}>${children}</>`;
}

function drawn(element: ReactNode): string {
  const { container, unmount } = render(<MemoryRouter>{element}</MemoryRouter>);
  container.normalize();
  const text = canonical(container.firstElementChild!);
  unmount();
  return text;
}

const ana = { username: 'Ana_K', profile_id: 'p-ana' };

const SAMPLES: Record<string, string> = {
  'paragraphs and emphasis':
    'Hello *there*, **friend** and ~~gone~~.\n\nA second paragraph\nwith a soft break.',
  headings: '# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six',
  'headings from two, with a gap': '## Two\n\n#### Four\n\ntext\n\n## Again\n\n# Late one',
  lists: '- a\n- b\n  - nested\n\n1. one\n2. two\n\n3) three',
  'task list': '- [ ] to do\n- [x] done',
  'quote and rule': '> quoted *text*\n\n---\n\nafter',
  code: 'Inline `code` here.\n\n```js\nconst a = 1 < 2;\n```\n\n    indented',
  table: '| left | centre | right | none |\n| :--- | :---: | ---: | --- |\n| 1 | 2 | 3 | 4 |',
  links:
    '[away](https://example.org/x "a title") and [home](/posts/1) and <https://auto.example> and www.example.com and mail ana@example.org',
  'dangerous links':
    '[js](javascript:alert(1)) [data](data:text/html,x) [vb](VBScript:x) [proto](//evil.example/x) [irc](irc://x) [ok](mailto:a@b.c)',
  references: '[ref][1] and ![pic][2]\n\n[1]: https://example.org/ref\n[2]: /api/files/abc',
  'definition between paragraphs': 'one [x]\n\n[x]: https://example.org\n\ntwo',
  'loose task list': '- [ ] first\n\n- [x] second\n\n1. [ ] numbered',
  'raw html':
    'Hello <b>bold</b> <script>alert(1)</script>\n\n<div onclick="x()">block</div>\n\n<img src=x onerror=alert(1)>\n\nafter',
  images: `![pixel](https://tracker.example/p.gif) ![](https://tracker.example/q.gif) ![garden](/api/files/abc "caption") ![same](${window.location.origin}/api/files/def) ![bad](javascript:x)`,
  footnotes:
    'A claim[^1] and another[^note].\n\n[^1]: The source.\n[^note]: More, with [a link](https://example.org).',
  entities: 'Fish &amp; chips &copy; &#169; &lt;tag&gt; 5 > 3 & "quotes"',
  mentions:
    'Thanks @ana_k and @ghost! Mail ana@example.org, or run `@ana_k`.\n\n[@ana_k site](https://x.example)\n\n> @Ana_K quoted',
  'encoded and odd addresses':
    '<javascript:alert(1)> [enc](&#106;avascript:alert(1)) [sp](<a b:c>) [q](?a:b) [h](#top) [up](../x:y) [tab](java\tscript:x)',
  'nested and wrapped':
    '[![shot](/api/files/a)](https://example.org) **[bold link](/x)** <!-- comment --> text',
  'hard break': 'line one  \nline two\\\nline three',
};

describe('RenderedMarkdown draws what Markdown draws', () => {
  for (const [name, text] of Object.entries(SAMPLES)) {
    for (const variant of ['full', 'preview'] as const) {
      it(`${name} (${variant})`, () => {
        const expected = drawn(
          <Markdown variant={variant} mentions={[ana]} className="mt-3">
            {text}
          </Markdown>,
        );
        const actual = drawn(
          <RenderedMarkdown
            variant={variant}
            mentions={[ana]}
            className="mt-3"
            html={renderMarkdownHtml(text)}
          />,
        );
        expect(actual).toBe(expected);
      });
    }
  }
  for (const name of ['headings', 'headings from two, with a gap', 'code', 'footnotes']) {
    it(`${name} under a title of level 2`, () => {
      const text = SAMPLES[name]!;
      const expected = drawn(<Markdown titleLevel={2}>{text}</Markdown>);
      expect(drawn(<RenderedMarkdown titleLevel={2} html={renderMarkdownHtml(text)} />)).toBe(expected);
    });
  }
});

/** The levels of the headings both renderers draw for `text` under a title of `titleLevel`. */
function headingTags(text: string, titleLevel?: number) {
  const tags = (element: ReactNode) => {
    const { container, unmount } = render(<MemoryRouter>{element}</MemoryRouter>);
    const found = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) =>
      h.tagName.toLowerCase(),
    );
    unmount();
    return found;
  };
  const react = tags(<Markdown titleLevel={titleLevel}>{text}</Markdown>);
  expect(tags(<RenderedMarkdown titleLevel={titleLevel} html={renderMarkdownHtml(text)} />)).toEqual(react);
  return react;
}

describe("a post's headings, in both renderers", () => {
  it('start one level below the title, whichever level the text starts at', () => {
    // A "##" right after a page's h1 title is an h2, not an h3 (axe: heading-order).
    expect(headingTags('## Plans\n\ntext')).toEqual(['h2']);
    expect(headingTags('## Plans\n\ntext', 2)).toEqual(['h3']);
    expect(headingTags('# One\n\n## Two\n\n### Three')).toEqual(['h2', 'h3', 'h4']);
    expect(headingTags('# One\n\n## Two\n\n### Three', 2)).toEqual(['h3', 'h4', 'h5']);
  });

  it('never skip a level and stop at h6', () => {
    expect(headingTags('## A\n\n#### B\n\n## C')).toEqual(['h2', 'h3', 'h2']);
    expect(headingTags('### A\n\n# B\n\n## C')).toEqual(['h2', 'h2', 'h3']);
    expect(headingTags('# A\n\n## B\n\n### C\n\n#### D', 4)).toEqual(['h5', 'h6', 'h6', 'h6']);
    expect(contentHeadingLevels([1, 2, 3, 4, 5, 6])).toEqual([2, 3, 4, 5, 6, 6]);
    expect(contentHeadingLevels([])).toEqual([]);
  });
});

describe('a code block wider than its box, in both renderers', () => {
  afterEach(() => vi.restoreAllMocks());
  const code = '```\n' + 'const answer = 42; '.repeat(30) + '\n```\n\n```\nshort\n```';

  function blocks(element: ReactNode) {
    // jsdom lays nothing out: the first block is made wider than its box, the second fits.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.textContent!.length > 100 ? 900 : 200;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const { container, unmount } = render(<MemoryRouter>{element}</MemoryRouter>);
    const pres = [...container.querySelectorAll('pre')].map((pre) => ({
      tabIndex: pre.getAttribute('tabindex'),
      role: pre.getAttribute('role'),
      name: pre.getAttribute('aria-label'),
    }));
    unmount();
    return pres;
  }

  it('can be scrolled by keyboard and is named; one that fits stays out of the tab order', () => {
    const expected = [
      { tabIndex: '0', role: 'group', name: 'Code block' },
      { tabIndex: null, role: null, name: null },
    ];
    expect(blocks(<Markdown>{code}</Markdown>)).toEqual(expected);
    expect(blocks(<RenderedMarkdown html={renderMarkdownHtml(code)} />)).toEqual(expected);
    expect(blocks(<RenderedMarkdown variant="preview" html={renderMarkdownHtml(code)} />)).toEqual(expected);
  });
});

describe('RenderedMarkdown on its own', () => {
  it('keeps no unsafe address and no member HTML', () => {
    const { container } = render(
      <MemoryRouter>
        <RenderedMarkdown
          html={renderMarkdownHtml(
            SAMPLES['dangerous links']! +
              '\n\n' +
              SAMPLES['raw html']! +
              '\n\n' +
              SAMPLES['encoded and odd addresses']!,
          )}
        />
      </MemoryRouter>,
    );
    const hrefs = [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    // A positive control: the safe ones are there.
    expect(hrefs).toContain('mailto:a@b.c');
    expect(hrefs).toContain('#top');
    for (const href of hrefs) expect(href).toMatch(/^(https?:|mailto:|[^:]*$|[^:]*[/?#])/i);
    expect(hrefs.some((href) => /^(javascript|data|vbscript|irc):|^\/\//i.test(href ?? ''))).toBe(false);
    expect(container.querySelector('script, b, div[onclick], img')).toBeNull();
    expect(container).toHaveTextContent('Hello bold alert(1)');
  });

  it('drops what no Markdown renderer writes, should the HTML it is given carry it', () => {
    const { container } = render(
      <MemoryRouter>
        <RenderedMarkdown
          html={
            '<p onclick="steal()" style="color:red">Kept <strong>text</strong></p>' +
            '<script>alert(1)</script><iframe src="https://evil.example"></iframe>' +
            '<img src="/api/files/a" onerror="alert(1)" alt="a"><input type="text" value="x">' +
            '<a href="javascript:alert(1)">bad</a><form action="/x"><button>Go</button></form>'
          }
        />
      </MemoryRouter>,
    );
    // A positive control: Markdown's own elements stay.
    expect(container.querySelector('p strong')).toHaveTextContent('text');
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/files/a');
    expect(
      container.querySelector('script, iframe, form, button, input, [onclick], [onerror], [style]'),
    ).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect(container).toHaveTextContent('Kept text');
    expect(container).not.toHaveTextContent('alert(1)');
  });
});
