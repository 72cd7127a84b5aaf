import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN_JS } from '../support/hearth-process';

const DIST = path.dirname(MAIN_JS);
const STATIC_IMPORT = /^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gm;
const DYNAMIC_IMPORT = /\bimport\("([^"]+)"\)/g;

/** What a built file's text imports statically: relative chunks and package names, in order. */
function staticImportsOf(text: string): string[] {
  return [...text.matchAll(STATIC_IMPORT)].map((match) => (match[1] ?? match[2])!);
}

/** The files `entry` loads as it starts (static imports, followed), and the packages they name. */
function loadedAtStart(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const specifier of staticImportsOf(text)) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier);
    }
    for (const match of text.matchAll(DYNAMIC_IMPORT)) dynamic.add(match[1]!);
  };
  visit(entry);
  return { files, packages, dynamic };
}

/**
 * The services' bundle (`npm run build`) starts without the packages only one path uses (issue 26:
 * 17 MB of heap and 26 MB of RSS at rest). Each comes in a chunk of its own, loaded on first use.
 */
describe('what the built services load as they start', () => {
  const start = loadedAtStart(path.join(DIST, 'serve.js'));

  it.each([
    ['the link reader', ['linkedom', '@mozilla/readability', 'turndown', 'franc-min']],
    ['replies by email', ['mailparser', 'email-reply-parser', 'smtp-server']],
    ['the S3 store', ['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner']],
    ['the embedded database’s driver', ['drizzle-orm/pglite', '@electric-sql/pglite']],
  ])('leaves %s to its first use, in a chunk that loads it', (_, names) => {
    for (const name of names) expect(start.packages).not.toContain(name);
    // The positive control: each is still built, in a chunk the services load with import().
    const chunks = fs.readdirSync(DIST).filter((file) => file.endsWith('.js'));
    const lazy = chunks.filter((file) => !start.files.has(path.join(DIST, file)));
    const loadedLater = new Set([
      ...lazy.flatMap((file) =>
        staticImportsOf(fs.readFileSync(path.join(DIST, file), 'utf8')).filter(
          (specifier) => !specifier.startsWith('.'),
        ),
      ),
      ...start.dynamic,
    ]);
    const built = names.filter((name) => loadedLater.has(name));
    expect(built.length, `${names.join(', ')}: none is loaded by a later chunk`).toBeGreaterThan(0);
  });

  it('still starts with what every request needs', () => {
    for (const name of ['fastify', 'pg', 'drizzle-orm', 'zod', 'sharp'])
      expect(start.packages).toContain(name);
  });
});
