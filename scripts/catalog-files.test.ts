import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogDirs, readEnglish } from './catalog-files';

/** A web folder with two parts' catalogs, and an `en.json` that is no catalog (not in `messages/`). */
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-catalogs-'));
function write(file: string, catalog: Record<string, string>) {
  fs.mkdirSync(path.dirname(path.join(web, file)), { recursive: true });
  fs.writeFileSync(path.join(web, file), JSON.stringify(catalog));
}
write('features/posts/messages/en.json', { 'posts.card.share': 'Share' });
write('features/posts/messages/de.json', { 'posts.card.share': 'Teilen' });
write('app/messages/en.json', { 'app.nav.timeline': 'Timeline', 'app.nav.count': '{count} new' });
write('features/fixtures/en.json', { 'fixtures.not.a.catalog': 'Nothing' });

afterAll(() => fs.rmSync(web, { recursive: true, force: true }));

describe('catalog files', () => {
  it('finds each part’s messages folder by its English, at any depth, and nothing else', () => {
    expect(catalogDirs(web).sort()).toEqual(
      [path.join(web, 'app/messages'), path.join(web, 'features/posts/messages')].sort(),
    );
  });

  it('reads every part’s English, compiled, as one catalog', () => {
    expect(readEnglish(web)).toEqual({
      'posts.card.share': ['Share'],
      'app.nav.timeline': ['Timeline'],
      'app.nav.count': [['count'], ' new'],
    });
  });
});
