import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dependencies point one way (house rule 8): app.ts registers every feature, so a feature that
 * imported app.ts (for a type, say) closed a circle through all of them. This reads the server's
 * own relative imports, type-only ones included, and names every circle it finds.
 */
const SERVER = path.dirname(new URL(import.meta.url).pathname);
const IMPORT = /^\s*(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

function importGraph(files: string[]): Map<string, string[]> {
  const inside = new Set(files);
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const targets = [...text.matchAll(IMPORT)]
        .map((match) => resolveImport(file, match[1]!))
        .filter((target): target is string => target !== null && inside.has(target));
      return [file, targets];
    }),
  );
}

/** Tarjan's strongly connected components: every component of more than one file is a circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!));
      }
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.map((file) => path.relative(SERVER, file)).sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

describe("the server's imports", () => {
  it('finds a circle when there is one (the check itself)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(circles(graph)).toHaveLength(1);
    expect(circles(graph)[0]).toHaveLength(3);
  });

  it('reads the real tree: app.ts imports every feature', () => {
    const graph = importGraph(sourceFiles(SERVER));
    const appImports = graph.get(path.join(SERVER, 'app.ts')) ?? [];
    expect(appImports.some((file) => file.endsWith('posts.routes.ts'))).toBe(true);
  });

  it('form no circle: features depend on context.ts, never on app.ts', () => {
    expect(circles(importGraph(sourceFiles(SERVER)))).toEqual([]);
  });
});
