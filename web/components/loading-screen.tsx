import { useT } from '@web/i18n/i18n';
import { Spinner } from './spinner';

/** The whole-area placeholder while something essential loads; the visible text is "Loading". */
export function LoadingScreen({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="flex min-h-[50dvh] flex-1 items-center justify-center gap-3 text-stone-500" role="status">
      <Spinner className="size-5 text-brand-600" />
      <span className="text-sm font-medium">{label ?? t('components.loadingScreen.loading')}</span>
    </div>
  );
}
