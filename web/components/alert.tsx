import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { cn } from '@web/lib/cn';

export type AlertVariant = 'error' | 'success' | 'info';

const styles: Record<AlertVariant, { box: string; icon: string; Icon: typeof Info }> = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: 'text-red-600', Icon: CircleAlert },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: 'text-emerald-600',
    Icon: CircleCheck,
  },
  info: { box: 'border-brand-200 bg-brand-50 text-brand-950', icon: 'text-brand-700', Icon: Info },
};

/** A boxed message. Errors are announced at once (role alert); other variants politely (role status). */
export function Alert({
  variant = 'error',
  title,
  children,
  className,
}: {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const { box, icon, Icon } = styles[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm', box, className)}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', icon)} aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
      </div>
    </div>
  );
}
