import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '@web/i18n/i18n';

/** Back to /settings from one of its sub-pages. */
export function SettingsBackLink() {
  const t = useT();
  return (
    <Link
      to="/settings"
      className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-stone-600 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t('safety.settingsBackLink.label')}
    </Link>
  );
}
