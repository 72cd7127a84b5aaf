import { describe, expect, it } from 'vitest';
import { withSiteMeta } from './app';

describe('withSiteMeta', () => {
  it('adds the contact address as an escaped meta tag before </head>', () => {
    const html = withSiteMeta(
      '<html><head><title>Hearth</title></head><body></body></html>',
      'a"b<c>@example.org',
    );
    expect(html).toContain('<meta name="hearth-contact-email" content="a&quot;b&lt;c&gt;@example.org" />');
    expect(html.indexOf('hearth-contact-email')).toBeLessThan(html.indexOf('</head>'));
  });
});
