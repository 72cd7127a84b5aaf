import { buildApp } from '../../server/app';
import type { TestApp } from './test-app';

/**
 * Reads Fastify's route tree (printRoutes) back into "METHOD /path" keys. Each line's segment
 * continues its parent's, so a path is the concatenation of the segments above it.
 */
export function parseRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/** Every "METHOD /api/…" route the app registers (HEAD left out), as the route tests enumerate them. */
export async function listApiRoutes(app: TestApp): Promise<string[]> {
  const built = await buildApp(app.context, { serveWeb: false });
  await built.ready();
  try {
    return parseRoutes(built.printRoutes({ commonPrefix: false })).filter((r) =>
      r.split(' ')[1]!.startsWith('/api'),
    );
  } finally {
    await built.close();
  }
}
