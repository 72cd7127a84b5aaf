import type { MouseEvent } from 'react';
import { useT } from '@web/i18n/i18n';

/** The id of every shell's `<main>`, which the skip link and route changes move focus to. */
export const MAIN_ID = 'main';

/** Moves focus to the page's main area (it has tabIndex -1) and brings it into view. */
export function focusMain() {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  main.focus({ preventScroll: true });
  main.scrollIntoView({ block: 'start' });
}

/**
 * "Skip to main content": the first thing Tab reaches on every page, hidden until focused. It
 * moves focus itself rather than changing the address's #fragment, which the router would treat
 * as a navigation.
 *
 * Hidden above the page (not `sr-only`, whose focused undo also zeroes the padding); focused, it
 * takes its place at the top of the page, in the flow, so it pushes the shell down instead of lying
 * over its logo.
 */
export function SkipLink() {
  const t = useT();
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    focusMain();
  }
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="absolute top-0 start-2 z-[70] block w-fit -translate-y-[calc(100%+1rem)] rounded-lg bg-white px-4 py-2 text-sm font-medium text-brand-800 ring-brand-500 focus:relative focus:shadow-lg focus:ring-2 focus:start-0 focus:m-2 focus:translate-y-0 focus:outline-none"
    >
      {t('app.skipLink.label')}
    </a>
  );
}
