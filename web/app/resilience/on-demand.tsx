import { lazy, Suspense, useState, type ComponentType } from 'react';
import { loadWithRetries } from './screen-loading';

/**
 * A component whose code comes in its own chunk, loaded the first time it is drawn: a frame only
 * members see, a dialog only some visitors open. `preload` starts the load sooner (a browser that was
 * signed in, a pointer or the focus reaching what opens a dialog), so the code is usually there by
 * the click. A load that fails is tried again (./screen-loading.ts), then the error reaches the route
 * error screen, which offers to reload; a later `preload` starts afresh.
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = () => {
    loading ??= loadWithRetries(load).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const Component = lazy(async () => ({ default: await preload() }));
  return { Component, preload };
}

/**
 * True from the first time `open` is: a dialog on demand is drawn once it is wanted and stays drawn
 * after it closes, so it can animate out and keep its place for the next time.
 */
export function useWantedOnce(open: boolean): boolean {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted || open;
}

/**
 * `onDemand` for a dialog (a component with an `open` prop): nothing is drawn, and no code loaded,
 * until it first opens; while its code arrives nothing shows, then it opens. `openerProps`, spread
 * on the control that opens it, start the load when a pointer reaches or presses it or it takes the
 * focus (a failure there is not shown: opening tries again).
 */
export function onDemandDialog<Props extends { open: boolean }>(load: () => Promise<ComponentType<Props>>) {
  const { Component, preload } = onDemand(load);
  function DialogOnDemand(props: Props) {
    const wanted = useWantedOnce(props.open);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  const warm = () => void preload().catch(() => undefined);
  const openerProps = { onPointerEnter: warm, onPointerDown: warm, onFocus: warm };
  return { Dialog: DialogOnDemand, openerProps };
}
