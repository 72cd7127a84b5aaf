import { Clock3, Crown } from 'lucide-react';
import type { GroupRole } from '@shared/domain/constants';
import { cn } from '@web/lib/cn';
import { useT } from '@web/i18n/i18n';
import { roleLabel } from '../role-labels';

const pill =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 whitespace-nowrap';

/** The member's role in a group: Owner stands out, other roles are quiet. */
export function RoleBadge({ role, className }: { role: GroupRole; className?: string }) {
  // Drawn again when the member switches language: roleLabel reads the active one.
  useT();
  if (role === 'Owner') {
    return (
      <span className={cn(pill, 'bg-brand-50 text-brand-800 ring-brand-200', className)}>
        <Crown className="size-3.5" aria-hidden="true" />
        {roleLabel('Owner')}
      </span>
    );
  }
  return (
    <span className={cn(pill, 'bg-stone-100 text-stone-700 ring-stone-200', className)}>
      {roleLabel(role)}
    </span>
  );
}

/** 'Request pending': the member has asked to join and waits for an answer. */
export function PendingBadge({ className }: { className?: string }) {
  const t = useT();
  return (
    <span className={cn(pill, 'bg-amber-50 text-amber-800 ring-amber-200', className)}>
      <Clock3 className="size-3.5" aria-hidden="true" />
      {t('groups.badge.pending')}
    </span>
  );
}
