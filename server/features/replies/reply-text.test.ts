import { describe, expect, it } from 'vitest';
import { isAutomatic, replyText } from './reply-text';

const headers = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('the text of a reply', () => {
  it('cuts the quoted mail and the "On … wrote:" line', () => {
    const text =
      'Count me in for Saturday.\r\n\r\nOn Mon, Dec 1, 2031 at 10:00 AM Hearth <no-reply@hearth.local> wrote:\r\n' +
      '> Ben commented on your post “Hike”\r\n> Open in Hearth: https://hearth.example/post/1\r\n';
    expect(replyText({ text })).toBe('Count me in for Saturday.');
  });

  it('cuts a signature after "-- " and a phone’s line', () => {
    expect(replyText({ text: 'Lovely!\n\n-- \nAna Lima\n+44 20 7946 0000\n' })).toBe('Lovely!');
    expect(replyText({ text: 'On my way\n\nSent from my iPhone\n' })).toBe('On my way');
  });

  it('keeps a reply written between quotes whole, and nothing of an empty one', () => {
    expect(replyText({ text: 'First line\nsecond line\n' })).toBe('First line\nsecond line');
    expect(replyText({ text: '> only the quote\n' })).toBe('');
    expect(replyText({ text: undefined })).toBe('');
  });
});

describe('mail a program sent by itself', () => {
  it('is Auto-Submitted (other than no) or sent with Precedence bulk, list or junk', () => {
    expect(isAutomatic(headers({ 'auto-submitted': 'auto-replied' }) as never)).toBe(true);
    expect(isAutomatic(headers({ precedence: 'bulk' }) as never)).toBe(true);
    expect(isAutomatic(headers({ precedence: 'List' }) as never)).toBe(true);
    expect(isAutomatic(headers({ 'auto-submitted': 'no' }) as never)).toBe(false);
    expect(isAutomatic(headers({}) as never)).toBe(false);
  });
});
