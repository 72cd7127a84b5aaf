import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@web/lib/cn';

const entry =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';
const idle = 'text-stone-700 hover:bg-stone-100 hover:text-stone-900';
const active = 'bg-brand-50 text-brand-800 hover:bg-brand-100/70';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

/** A sidebar entry that navigates, highlighted on its own route. */
export function SidebarLink({
  to,
  icon: Icon,
  leading,
  badge,
  children,
  end = true,
  ...props
}: {
  to: string;
  icon?: Icon;
  /** Drawn instead of an icon (e.g. a group's initials). */
  leading?: ReactNode;
  /** Drawn at the end (e.g. how many requests wait). */
  badge?: ReactNode;
  children: ReactNode;
  end?: boolean;
} & Omit<ComponentProps<typeof NavLink>, 'to' | 'className' | 'children'>) {
  return (
    <NavLink to={to} end={end} className={({ isActive }) => cn(entry, isActive ? active : idle)} {...props}>
      {Icon ? <Icon className="size-[18px] shrink-0 opacity-80" aria-hidden /> : leading}
      {children}
      {badge}
    </NavLink>
  );
}

/** A sidebar entry that acts (Sign In, Refresh, Sign out). */
export function SidebarButton({
  icon: Icon,
  children,
  className,
  iconClassName,
  ...props
}: { icon: Icon; children: ReactNode; iconClassName?: string } & ComponentProps<'button'>) {
  return (
    <button type="button" className={cn(entry, idle, 'text-start', className)} {...props}>
      <Icon className={cn('size-[18px] shrink-0 opacity-80', iconClassName)} aria-hidden />
      {children}
    </button>
  );
}

export function SidebarHeading({ children }: { children: ReactNode }) {
  return (
    <p className="px-3 pt-5 pb-1.5 text-xs font-semibold tracking-wider text-stone-500 uppercase">
      {children}
    </p>
  );
}
