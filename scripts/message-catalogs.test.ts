import { describe, expect, it } from 'vitest';
import { englishOfModule } from './message-catalogs';

const ENGLISH = {
  'posts.card.likes': [['count', 'plural', { one: ['#', ' like'], other: ['#', ' likes'] }]],
  'posts.card.share': 'Share',
  'app.nav.timeline': 'Timeline',
  'groups.members.remove': 'Remove',
} as never;

/** The texts the statement would register, read back from it. */
function registered(statement: string | null): Record<string, unknown> {
  if (!statement) return {};
  const call = /__hearthEnglish\((.*)\);$/.exec(statement);
  return JSON.parse(call![1]!) as Record<string, unknown>;
}

describe('englishOfModule', () => {
  it('registers the English of every id the module names, however it names it, and nothing else', () => {
    const code = [
      "const label = t('posts.card.share');",
      '<Message id="app.nav.timeline" />;',
      'const table = { likes: `posts.card.likes` };',
      "const notAnId = 'posts.card.unknown';",
      "import x from './posts.card';",
    ].join('\n');
    const statement = englishOfModule(code, ENGLISH, '/web/i18n/english.ts');
    expect(statement).toMatch(
      /^import \{ registerEnglish as __hearthEnglish \} from "\/web\/i18n\/english\.ts";/,
    );
    expect(registered(statement)).toEqual({
      'posts.card.share': 'Share',
      'app.nav.timeline': 'Timeline',
      'posts.card.likes': [['count', 'plural', { one: ['#', ' like'], other: ['#', ' likes'] }]],
    });
  });

  it('adds nothing to a module that names no message', () => {
    expect(englishOfModule("export const x = 'groups.members';", ENGLISH, '/r.ts')).toBeNull();
  });

  it('keeps the module on one line, so its other lines keep their numbers', () => {
    expect(englishOfModule("t('groups.members.remove')", ENGLISH, '/r.ts')).not.toContain('\n');
  });
});
