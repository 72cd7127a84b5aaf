import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

/** Members write this Markdown; readers' browsers must not be turned against them by it. */
describe('Markdown', () => {
  it('marks every member-written link ugc nofollow noopener noreferrer', () => {
    const { container } = render(
      <Markdown>{'[away](https://example.org/x) and [home](/posts/1) and <https://auto.example>'}</Markdown>,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link.getAttribute('rel')?.split(' ').sort()).toEqual([
        'nofollow',
        'noopener',
        'noreferrer',
        'ugc',
      ]);
    }
  });

  it('shows a remote image as a link to it, never loading it from the third party', () => {
    const { container } = render(
      <Markdown>
        {'![tracking pixel](https://tracker.example/p.gif) ![old](http://example.org/a.png)'}
      </Markdown>,
    );
    expect(container.querySelector('img')).toBeNull();
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://tracker.example/p.gif',
      'http://example.org/a.png',
    ]);
    expect(links[0]).toHaveTextContent('tracking pixel');
    expect(links[0]!.getAttribute('rel')).toContain('noreferrer');
  });

  it('treats a protocol-relative or absolute same-looking image address as remote too', () => {
    const { container } = render(<Markdown>{`![x](${window.location.origin}.evil.example/a.png)`}</Markdown>);
    expect(container.querySelector('img')).toBeNull();
  });

  it('still shows images served by Hearth itself', () => {
    const { container } = render(
      <Markdown>{`![garden](/api/files/abc) ![same](${window.location.origin}/api/files/def)`}</Markdown>,
    );
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/files/abc',
      `${window.location.origin}/api/files/def`,
    ]);
  });
});

describe('Markdown mentions', () => {
  const ana = { username: 'Ana_K', profile_id: 'p-ana' };

  it("links a resolved member's @name to their profile; unknown names, code and e-mail stay text", () => {
    const { container } = render(
      <Markdown mentions={[ana]}>
        {
          'Thanks @ana_k and @ghost! Mail ana@example.org, or run `@ana_k`.\n\n[@ana_k site](https://x.example)'
        }
      </Markdown>,
    );
    const mentions = [...container.querySelectorAll('a[data-mention]')];
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toHaveTextContent('@ana_k');
    expect(mentions[0]).toHaveAttribute('href', '/profiles/p-ana');
    expect(container).toHaveTextContent('@ghost!');
    expect(container.querySelector('code')).toHaveTextContent('@ana_k');
    // The address is GFM's mail link and the Markdown link keeps its own target: neither is a mention.
    expect([...container.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/profiles/p-ana',
      'mailto:ana@example.org',
      'https://x.example',
    ]);
  });

  it('leaves every @name as text without resolved mentions', () => {
    const { container } = render(<Markdown>{'Hello @ana_k'}</Markdown>);
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('Hello @ana_k');
  });
});
