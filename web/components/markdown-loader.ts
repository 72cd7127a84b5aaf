import type { ComponentType } from 'react';
import { onDemand } from '@web/app/resilience/on-demand';
import type { MarkdownProps } from './markdown-styles';
import { exportOf } from '@web/app/resilience/screen-loading';

/**
 * The Markdown renderer (./markdown-renderer.tsx: react-markdown, remark and rehype, about 50 KB
 * compressed) comes in its own chunk, loaded by the screens that draw members' Markdown at once
 * (a link, the post form's preview, a link's comments, link cards, reports) with their own code,
 * `withMarkdown`. Post cards, a post's page and its comments draw the server's HTML instead
 * (./rendered-markdown.tsx), so the timelines, groups, inbox and a post's page load no parser.
 * Kept apart from ./markdown.tsx so the routes can start the load without bringing the component
 * into the first bundle.
 */
const renderer = onDemand<MarkdownProps>(exportOf(() => import('./markdown-renderer'), 'Markdown'));

let loaded: ComponentType<MarkdownProps> | null = null;

/** Starts loading the renderer (once); resolves when it can draw. */
export function preloadMarkdown(): Promise<ComponentType<MarkdownProps>> {
  return renderer.preload().then((component) => (loaded = component));
}

/** The renderer once it has loaded, to draw without suspending; else null. */
export function loadedMarkdown(): ComponentType<MarkdownProps> | null {
  return loaded;
}

/** The renderer as a lazy component (suspends until it has loaded). */
export const LazyMarkdown = renderer.Component;

/** A route's screen that draws Markdown as it first shows: its code and the renderer's, together. */
export async function withMarkdown<Screen>(screen: Promise<Screen>): Promise<Screen> {
  const [module] = await Promise.all([screen, preloadMarkdown()]);
  return module;
}
