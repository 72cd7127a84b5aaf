import { describe, expect, it } from 'vitest';
import { SafeFetchError } from '../../../adapters/safe-fetch/safe-fetch';
import { asLinkStepError, LINK_ERROR_MESSAGES, LinkStepError } from './link-step-error';
import { markdownToPlainText } from './plain-text';

describe('asLinkStepError', () => {
  it.each([
    [
      new SafeFetchError('blocked_address', '10.0.0.1 is a private address'),
      LINK_ERROR_MESSAGES.blocked,
      true,
    ],
    [new SafeFetchError('timeout', 'no answer'), LINK_ERROR_MESSAGES.timeout, false],
    [
      new SafeFetchError('too_large', 'the answer announces 10000000000 bytes'),
      'The page is too large for Hearth to read',
      true,
    ],
    [new SafeFetchError('network', 'ECONNRESET'), LINK_ERROR_MESSAGES.unreachable, false],
    [new SafeFetchError('not_found', 'no such host'), LINK_ERROR_MESSAGES.notFound, true],
    [
      new SafeFetchError('http_status', 'the server answered 404', 404),
      'The page could not be loaded (the site answered 404)',
      true,
    ],
    [
      new SafeFetchError('http_status', 'the server answered 429', 429),
      'The page could not be loaded (the site answered 429)',
      false,
    ],
    [
      new SafeFetchError('http_status', 'the server answered 502', 502),
      'The page could not be loaded (the site answered 502)',
      false,
    ],
    [new Error('database hiccup'), LINK_ERROR_MESSAGES.unexpected, false],
  ])('%s → "%s" (permanent: %s)', (error, message, permanent) => {
    const failure = asLinkStepError(error);
    expect(failure).toBeInstanceOf(LinkStepError);
    expect(failure.userMessage).toBe(message);
    expect(failure.permanent).toBe(permanent);
  });

  it('keeps the technical detail out of the message for the owner', () => {
    const failure = asLinkStepError(
      new SafeFetchError('blocked_address', 'evil.example resolves to 10.0.0.1'),
    );
    expect(failure.userMessage).not.toContain('10.0.0.1');
    expect(failure.message).toContain('10.0.0.1');
  });
});

describe('markdownToPlainText', () => {
  it('keeps prose, drops headings, code, images and link targets', () => {
    const markdown = [
      '## A heading',
      'A paragraph with **bold**, _emphasis_ and a [link](https://example.org/x).',
      '![an image](https://example.org/i.png)',
      '```\nconst code = true;\n```',
      '- first item\n- second item',
      '> a quoted line',
      'Escaped \\*stars\\* stay.',
    ].join('\n\n');
    expect(markdownToPlainText(markdown)).toBe(
      [
        'A paragraph with bold, emphasis and a link.',
        'first item second item',
        'a quoted line',
        'Escaped *stars* stay.',
      ].join('\n\n'),
    );
  });
});
