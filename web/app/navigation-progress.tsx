import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useT } from '@web/i18n/i18n';

/** Loads quicker than this show nothing, so a fast network never sees the bar flicker. */
export const PROGRESS_DELAY_MS = 150;

/**
 * A thin bar along the top of the window while the next screen's code loads (screens are route-`lazy`):
 * React Router keeps the current screen up meanwhile, and this says the click was heard. Fixed in place,
 * so nothing moves when it comes and goes.
 */
export function NavigationProgress() {
  const t = useT();
  const navigation = useNavigation();
  const pending = navigation.state === 'loading' ? navigation.location.key : null;
  const [slow, setSlow] = useState<string | null>(null);

  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => setSlow(pending), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  if (pending === null || slow !== pending) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('app.navigationProgress.label')}
      className="pointer-events-none fixed inset-x-0 top-0 z-60 h-0.5 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-progress bg-brand-600 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
