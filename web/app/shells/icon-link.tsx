import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@web/lib/cn';

export const iconButtonClasses =
  'inline-flex size-10 items-center justify-center rounded-full text-stone-600 transition-colors ' +
  'hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 ' +
  'focus-visible:ring-brand-500 aria-[current=page]:text-brand-700';

/** A round icon button in the top bar that navigates; `label` is its accessible name and tooltip. */
export function IconLink({
  to,
  label,
  icon: Icon,
}: {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}) {
  return (
    <NavLink
      to={to}
      end
      aria-label={label}
      title={label}
      className={({ isActive }) => cn(iconButtonClasses, isActive && 'text-brand-700')}
    >
      <Icon className="size-5" aria-hidden />
    </NavLink>
  );
}
