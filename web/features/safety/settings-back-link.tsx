import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** Back to /settings from one of its sub-pages. */
export function SettingsBackLink() {
  return (
    <Link
      to="/settings"
      className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-stone-600 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Settings
    </Link>
  );
}
