import { describe, expect, it } from 'vitest';
import { extractMentions, findMentionsInText, mentionAtCaret } from './mentions';

describe('extractMentions', () => {
  it('finds @usernames, lower-cased and once each, in order', () => {
    expect(extractMentions('Hi @Maria_K, @bob and @maria_k again.')).toEqual(['maria_k', 'bob']);
    expect(extractMentions('(@ana) @ana_b! "@zed"')).toEqual(['ana', 'ana_b', 'zed']);
    expect(extractMentions('@start of text\n@next line')).toEqual(['start', 'next']);
  });

  it('ignores e-mail addresses, paths and names too short or too long', () => {
    expect(extractMentions('mail ana@example.org or x.y@z.io')).toEqual([]);
    expect(extractMentions('see /users/@ana and a@@bob')).toEqual([]);
    expect(extractMentions('@ab @abc')).toEqual(['abc']);
    expect(extractMentions(`@${'a'.repeat(30)} @${'b'.repeat(31)}`)).toEqual(['a'.repeat(30)]);
  });

  it('ignores code spans, fenced blocks and indented code', () => {
    const text = [
      'Use `@inline` or ``@double``',
      '```',
      '@fenced',
      '```',
      '    @indented',
      '~~~js',
      '@tilde',
      '~~~',
      'but @real',
    ].join('\n');
    expect(extractMentions(text)).toEqual(['real']);
  });
});

describe('findMentionsInText', () => {
  it('gives each mention with its position and length', () => {
    expect(findMentionsInText('hey @Ana!')).toEqual([{ username: 'Ana', index: 4, length: 4 }]);
  });
});

describe('mentionAtCaret', () => {
  it('finds the partial @name the caret ends, and nothing elsewhere', () => {
    expect(mentionAtCaret('hello @ma', 9)).toEqual({ query: 'ma', start: 6 });
    expect(mentionAtCaret('@', 1)).toEqual({ query: '', start: 0 });
    expect(mentionAtCaret('mail a@b', 8)).toBeNull();
    expect(mentionAtCaret('hello @ma there', 15)).toBeNull();
  });
});
