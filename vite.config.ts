import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { CodeSplittingNameFunction } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { englishByModule, messageCatalogs } from './scripts/message-catalogs';
import { precompress } from './scripts/precompress';

const root = import.meta.dirname;
const outDir = path.join(root, 'dist/web');

/**
 * The service worker (web/public/sw.js, copied as it is) learns this build's hashed files and a
 * build id for its cache name: its placeholders are filled once the bundle is written. A new build
 * so changes sw.js, which makes browsers install it and drop the old shell.
 */
function serviceWorkerBuild(): Plugin {
  let assets: string[] = [];
  return {
    name: 'hearth-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      assets = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && /\.(js|css)$/.test(file))
        .map((file) => `/${file}`)
        .sort();
    },
    closeBundle() {
      const file = path.join(outDir, 'sw.js');
      if (assets.length === 0 || !fs.existsSync(file)) return;
      const build = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 16);
      const source = fs
        .readFileSync(file, 'utf8')
        .replace("/* hearth:build */ 'dev'", JSON.stringify(build))
        .replace('/* hearth:assets */ []', JSON.stringify(assets));
      if (!source.includes(build)) throw new Error('sw.js: the build placeholder is missing');
      fs.writeFileSync(file, source);
    },
  };
}
/**
 * The head script that starts a member's first calls (web/public/first-calls.js, copied as it is)
 * also starts the code of the screen it starts them for, so that code leaves with the page instead
 * of once the app's entry has run: for the timeline and for a post's page, the chunk holding the
 * screen and the members' frame, with every chunk they import that the entry does not already
 * bring. Its placeholder is filled once the bundle is written (ADR 062).
 */
function firstScreenCode(screens: Record<string, string[]>): Plugin {
  let code: Record<string, string[]> = {};
  return {
    name: 'hearth-first-screen-code',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('first-calls.js: the build has no entry chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (start: string[], into = new Set<string>()) => {
        for (const file of start) {
          if (into.has(file)) continue;
          into.add(file);
          withImports(byName.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const brought = withImports([entry.fileName]);
      code = Object.fromEntries(
        Object.entries(screens).map(([screen, modules]) => {
          const holders = modules.map((id) => {
            const holder = chunks.find((chunk) => chunk.moduleIds.includes(id));
            if (!holder) throw new Error(`first-calls.js: no chunk holds ${path.relative(root, id)}`);
            return holder.fileName;
          });
          const files = [...withImports(holders)].filter((file) => !brought.has(file));
          return [screen, files.sort().map((file) => `/${file}`)];
        }),
      );
    },
    closeBundle() {
      const file = path.join(outDir, 'first-calls.js');
      if (Object.keys(code).length === 0 || !fs.existsSync(file)) return;
      const placeholder = '/* hearth:first-screen-code */ {}';
      const source = fs.readFileSync(file, 'utf8');
      if (!source.includes(placeholder)) throw new Error('first-calls.js: the code placeholder is missing');
      fs.writeFileSync(file, source.replace(placeholder, JSON.stringify(code)));
    },
  };
}

/**
 * A build is always React's production build. Vite takes NODE_ENV from the environment when it is
 * set, so a build started under a test runner (NODE_ENV=test) shipped React's development runtime:
 * three times the bytes and many times the work per render. Runs before Vite reads NODE_ENV.
 */
function productionBuild(): Plugin {
  return {
    name: 'hearth-production-build',
    enforce: 'pre',
    config(_config, { command }) {
      if (command === 'build') process.env.NODE_ENV = 'production';
    },
  };
}

/**
 * React Router publishes a development build (warnings, invariant messages) as every export
 * condition's target and its production build beside it, under `dist/production`, for bundlers to
 * pick by hand: a build takes that one. Tests keep the development build and its warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const production = path.join(root, 'node_modules/react-router/dist/production/index.mjs');
  return {
    name: 'hearth-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? production : null;
    },
  };
}

const LUCIDE_ICONS = path.join(root, 'node_modules/lucide-react/dist/esm/icons');

/**
 * `import { ChevronLeft, Heart } from 'lucide-react'` in Hearth's code becomes one import per icon
 * file (`lucide-react/icons/chevron-left` …), so the chunking below sees which icons a module really
 * uses; through the barrel, every module "imports" all of them. A name with no file of its own (an
 * alias) stays on the barrel.
 */
function lucideIconsByFile(): Plugin {
  const kebab = (name: string) =>
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .replace(/([a-zA-Z])(\d)/g, '$1-$2')
      .toLowerCase();
  return {
    name: 'hearth-lucide-icons-by-file',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/](web|shared)[\\/][^?]*\.tsx?$/.test(id) || !code.includes("from 'lucide-react'"))
        return null;
      const rewritten = code.replace(
        /import\s*\{([^}]*)\}\s*from\s*'lucide-react';/g,
        (whole, list: string) => {
          const kept: string[] = [];
          const byFile: string[] = [];
          for (const raw of list
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)) {
            const [name, local = name] = raw.split(/\s+as\s+/) as [string, string?];
            const file = kebab(name);
            if (raw.startsWith('type ') || !fs.existsSync(path.join(LUCIDE_ICONS, `${file}.mjs`)))
              kept.push(raw);
            else byFile.push(`import ${local} from 'lucide-react/icons/${file}';`);
          }
          if (byFile.length === 0) return whole;
          const imports = [
            ...byFile,
            ...(kept.length > 0 ? [`import { ${kept.join(', ')} } from 'lucide-react';`] : []),
          ];
          // As many lines as the import had, so the module's other lines keep their numbers.
          return imports.join(' ') + '\n'.repeat(whole.split('\n').length - 1);
        },
      );
      return { code: rewritten, map: null };
    },
  };
}

/*
 * Chunks (the screens themselves are route-`lazy`, see web/app/router.tsx):
 * - react, vendor: libraries the first screen needs; apart from the app so they stay cached across releases;
 * - app (the entry chunk): shells, auth, account screens and what they share with the lazy screens;
 * - public-feed, public-post: the public feed's and the public post page's own parts (see reachableFrom),
 *   so `/` and `/explore/post/{slug}` load no more than they draw;
 * - members-frame, timeline: likewise what the members' frame and the timeline reach (their cards,
 *   buttons and links), so `/dashboard` loads neither screens-common nor anything else it does not draw;
 * - sign-in: what the sign-in page reaches (its form, the two-factor step apart), shared with the public
 *   shell's sign-in dialog, so `/signin` loads one small chunk and the public pages none of it;
 * - overlays: Radix's menus and dialogs with Floating UI and the scroll lock, and the app's styled menu
 *   and dialog; the frame's and the cards' menus and dialogs load on demand (onDemandMenu,
 *   onDemandDialog in web/app/resilience/on-demand.tsx), and screens that draw one at once load it too;
 * - icons: the icons of the lazy screens, menus and dialogs, so a menu's two icons do not bring screens-common;
 * - markdown: react-markdown and remark-gfm with their dependencies, loaded on demand by the screens that draw
 *   members' Markdown (web/components/markdown-loader.ts; cards draw the server's HTML);
 * - screens-common, posts: code that two or more lazy screens share, instead of many tiny chunks; the posts
 *   components apart, so screens without posts never load them.
 */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const FEED_PAGE = path.join(root, 'web/features/explore/feed-page.tsx');
const PUBLISHED_POST_PAGE = path.join(root, 'web/features/explore/published-post-page.tsx');
const MEMBERS_FRAME = path.join(root, 'web/app/shells/signed-in-shell.tsx');
const TIMELINE_PAGE = path.join(root, 'web/features/timeline/timeline-page.tsx');
const SIGN_IN_PAGE = path.join(root, 'web/features/accounts/sign-in-page.tsx');
const POST_PAGE = path.join(root, 'web/features/posts/post-detail-page.tsx');
/**
 * Barrels the walk below does not enter: through radix-ui's the feed would "reach" every widget (its
 * only one, the image viewer's dialog, is in vendor already), through lucide-react's every icon
 * (its own icons it imports by file, see lucideIconsByFile).
 */
const BARRELS = /[\\/]node_modules[\\/](radix-ui[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$)/;

/**
 * What a public screen (`page`) imports, statically and transitively, that no group of higher
 * priority took (react, vendor, app, and for the public post the public feed's chunk): for the feed
 * its card and the rules that draw the server's Markdown HTML. Other screens that share these parts
 * load these small chunks too; without them the parts would sit in screens-common, which also holds
 * the posts area and so imports react-markdown.
 */
function reachableFrom(page: string, name: string, { withPage = false } = {}): CodeSplittingNameFunction {
  let reachable: Set<string> | null = null;
  return (id, ctx) => {
    if (!reachable) {
      reachable = new Set(withPage ? [page] : []);
      const pending = [page];
      while (pending.length > 0) {
        const info = ctx.getModuleInfo(pending.pop()!);
        for (const imported of info?.importedIds ?? []) {
          if (reachable.has(imported) || BARRELS.test(imported)) continue;
          reachable.add(imported);
          pending.push(imported);
        }
      }
    }
    return reachable.has(id) ? name : null;
  };
}
const OVERLAYS =
  /[\\/]node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce)[\\/]|[\\/]web[\\/]components[\\/](menu|dialog)\.tsx$/;
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]|[\\/]web[\\/]lib[\\/]theme-icons\.ts$/;
const MARKDOWN =
  /[\\/]node_modules[\\/](react-markdown|remark-gfm)[\\/]|[\\/]web[\\/]components[\\/]markdown-renderer\.tsx$/;
const POSTS = /[\\/]web[\\/]features[\\/]posts[\\/]/;
/**
 * A post's comments (their list, composer and mentions), apart from screens-common, which holds
 * dialogs and so imports the overlays chunk: a post's page loads its comments without Radix. Their
 * menu and dialogs (comment-options-dropdown.tsx) load on demand, in a chunk of their own.
 */
const COMMENTS = /[\\/]web[\\/]features[\\/]comments[\\/](?!comment-options-dropdown)/;

export default defineConfig({
  root: path.join(root, 'web'),
  publicDir: path.join(root, 'web/public'),
  // The service worker learns the build's files before the bundle is compressed (sw.js itself is not).
  plugins: [
    productionBuild(),
    reactRouterProductionBuild(),
    lucideIconsByFile(),
    englishByModule(path.join(root, 'web')),
    messageCatalogs(),
    react(),
    tailwindcss(),
    serviceWorkerBuild(),
    firstScreenCode({
      timeline: [MEMBERS_FRAME, TIMELINE_PAGE],
      post: [MEMBERS_FRAME, POST_PAGE],
    }),
    precompress(),
  ],
  resolve: {
    alias: {
      '@shared': path.join(root, 'shared'),
      '@web': path.join(root, 'web'),
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // 'hidden': maps are written for the operator's error tracker, but no bundle points to them and
    // the server refuses to serve *.map (server/app.ts), so the original source is not public.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT, priority: 12 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 11 },
            { name: 'app', tags: ['$initial'], priority: 10 },
            { name: reachableFrom(FEED_PAGE, 'public-feed'), debugName: 'public-feed', priority: 9 },
            {
              name: reachableFrom(PUBLISHED_POST_PAGE, 'public-post'),
              debugName: 'public-post',
              priority: 8,
            },
            { name: reachableFrom(MEMBERS_FRAME, 'members-frame'), debugName: 'members-frame', priority: 7 },
            { name: reachableFrom(TIMELINE_PAGE, 'timeline'), debugName: 'timeline', priority: 6 },
            { name: reachableFrom(SIGN_IN_PAGE, 'sign-in'), debugName: 'sign-in', priority: 6 },
            {
              name: reachableFrom(POST_PAGE, 'post-page', { withPage: true }),
              debugName: 'post-page',
              priority: 5.5,
            },
            { name: 'overlays', test: OVERLAYS, priority: 5 },
            { name: 'icons', test: ICONS, priority: 4 },
            { name: 'markdown', test: MARKDOWN, priority: 3 },
            { name: 'comments', test: COMMENTS, priority: 2.5 },
            { name: 'screens-common', test: (id) => !POSTS.test(id), minShareCount: 2, priority: 2 },
            { name: 'posts', test: POSTS, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000' },
  },
});
