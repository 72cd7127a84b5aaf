import { useQuery } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { NavLink } from 'react-router';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { reportSummaryQueryOptions } from './api';

/**
 * The sidebar's "Reports" entry for members who review reports (admins, group Owners and
 * Moderators), with the number of open reports waiting for them. Nothing for everyone else.
 * `mayReview`: the member is an admin or holds such a role somewhere (what the shell already
 * knows), so members who moderate nothing never ask.
 */
export function ReportsNavLink({ mayReview }: { mayReview: boolean }) {
  const t = useT();
  const summary = useQuery({ ...reportSummaryQueryOptions(), enabled: mayReview });
  if (!mayReview || !summary.data?.can_review) return null;
  const count = summary.data.open_count;
  return (
    <NavLink
      to="/admin"
      className={({ isActive }) =>
        cn(
          'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
          isActive
            ? 'bg-brand-50 text-brand-800 hover:bg-brand-100/70'
            : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
        )
      }
    >
      <Flag className="size-[18px] shrink-0 opacity-80" aria-hidden />
      {t('admin.navLink.reports')}
      {count > 0 ? (
        <>
          {/* One phrase for the name ("Reports, 2 open"); the pill is for the eye. */}
          <span className="sr-only">{t('admin.navLink.open', { count })}</span>
          <span
            aria-hidden="true"
            className="ms-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-on-solid"
          >
            {count}
          </span>
        </>
      ) : null}
    </NavLink>
  );
}
