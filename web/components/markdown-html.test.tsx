import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from '@shared/domain/markdown-html';
import { Markdown } from './markdown';
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
