// `npx tsx bench/chunk-modules.ts [page]`: which source modules make up the JavaScript a page loads,
// from the last `frontend` run (bench/results/latest.json: the files Chromium fetched) and the build's
// hidden sourcemaps (dist/web/assets/*.js.map). Each minified byte is charged to the module its
// mapping segment points at; a module's gzip share is its chunk's gzip-9 size in proportion to its
// minified bytes (an estimate: gzip does not compress every module alike). Page: "public feed"
// (default), "public post" or "timeline".
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.join(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist', 'web');

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The fields of one mapping segment (Base64 VLQ), relative to the previous segment. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** Minified bytes per source module of one chunk (code no segment maps to: "(unmapped)"). */
export function bytesPerModule(code: string, map: SourceMap): Map<string, number> {
  const lines = code.split('\n');
  const totals = new Map<string, number>();
  const add = (name: string, bytes: number) => totals.set(name, (totals.get(name) ?? 0) + bytes);
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const text = lines[index] ?? '';
    let column = 0;
    const segments: Array<{ column: number; source: number | null }> = [];
    for (const raw of line.split(',')) {
      if (raw === '') continue;
      const fields = decodeSegment(raw);
      column += fields[0]!;
      if (fields.length >= 4) {
        source += fields[1]!;
        segments.push({ column, source });
      } else segments.push({ column, source: null });
    }
    if (segments.length === 0) {
      add('(unmapped)', Buffer.byteLength(text) + 1);
      return;
    }
    add('(unmapped)', Buffer.byteLength(text.slice(0, segments[0]!.column)));
    segments.forEach((segment, i) => {
      const end = segments[i + 1]?.column ?? text.length;
      const name = segment.source === null ? '(unmapped)' : (map.sources[segment.source] ?? '?');
      add(name, Buffer.byteLength(text.slice(segment.column, end)) + (i === segments.length - 1 ? 1 : 0));
    });
  });
  return totals;
}

/** node_modules/<package> for dependencies, the path under the repository for Hearth's own. */
function moduleName(source: string): string {
  const normalized = source.replace(/\\/g, '/');
  const inModules = normalized.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = normalized.slice(inModules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const fromRoot = path.relative(ROOT, path.resolve(path.join(DIST, 'assets'), normalized));
  return fromRoot.startsWith('..') ? normalized : fromRoot;
}

function main() {
  const pageName = process.argv[2] ?? 'public feed';
  const results = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench/results/latest.json'), 'utf8')) as {
    frontend?: { pages: Array<{ page: string; files: Array<{ url: string }> }> };
  };
  const page = results.frontend?.pages.find((p) => p.page === pageName);
  if (!page) throw new Error(`No "${pageName}" in bench/results/latest.json: run npm run bench -- frontend`);
  const rows: Array<{ chunk: string; module: string; minified: number; gzip: number }> = [];
  for (const { url } of page.files) {
    const file = path.join(DIST, url);
    if (!fs.existsSync(file)) throw new Error(`${url} is not in dist/web: rebuild, then run the suite again`);
    const code = fs.readFileSync(file, 'utf8');
    const gzip = zlib.gzipSync(code, { level: 9 }).length;
    const chunk = path.basename(url);
    if (!fs.existsSync(`${file}.map`)) {
      rows.push({ chunk, module: '(no sourcemap)', minified: Buffer.byteLength(code), gzip });
      continue;
    }
    const perSource = bytesPerModule(code, JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as SourceMap);
    const perModule = new Map<string, number>();
    for (const [source, bytes] of perSource) {
      const name = source === '(unmapped)' ? source : moduleName(source);
      perModule.set(name, (perModule.get(name) ?? 0) + bytes);
    }
    const total = [...perModule.values()].reduce((a, b) => a + b, 0);
    for (const [module, minified] of perModule)
      rows.push({ chunk, module, minified, gzip: (gzip * minified) / total });
  }
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  console.log(`${pageName}: ${(total / 1024).toFixed(1)} KB gzip-9 in ${page.files.length} files\n`);
  console.log('| module | chunk | minified KB | ~gzip KB |\n| --- | --- | ---: | ---: |');
  for (const row of rows.filter((r) => r.gzip >= 256))
    console.log(
      `| ${row.module} | ${row.chunk.replace(/-[\w-]{8}\.js$/, '')} | ${(row.minified / 1024).toFixed(1)} | ${(row.gzip / 1024).toFixed(1)} |`,
    );
  const rest = rows.filter((r) => r.gzip < 256);
  console.log(
    `| ${rest.length} smaller modules | | ${(rest.reduce((s, r) => s + r.minified, 0) / 1024).toFixed(1)} | ${(rest.reduce((s, r) => s + r.gzip, 0) / 1024).toFixed(1)} |`,
  );
}

main();
