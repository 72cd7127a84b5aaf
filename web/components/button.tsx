import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '@web/lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 ' +
  'focus-visible:ring-offset-white disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-disabled:pointer-events-none aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-700 text-on-solid shadow-sm hover:bg-brand-800 active:bg-brand-900 disabled:hover:bg-brand-700',
  secondary: 'bg-stone-100 text-stone-800 hover:bg-stone-200 active:bg-stone-300 disabled:hover:bg-stone-100',
  outline:
    'border border-stone-300 bg-white text-stone-800 shadow-xs hover:border-stone-400 hover:bg-stone-50 ' +
    'active:bg-stone-100 disabled:hover:bg-white',
  ghost: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900 active:bg-stone-200',
  danger: 'bg-red-700 text-on-solid shadow-sm hover:bg-red-800 active:bg-red-900 disabled:hover:bg-red-700',
  link: 'rounded-sm text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-11 px-5 text-base',
  icon: 'size-10',
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

/** The classes of a button, for elements that must look like one (links, menu triggers). */
export function buttonClasses({ variant = 'primary', size = 'md', fullWidth, className }: ButtonStyle = {}) {
  return cn(
    base,
    variants[variant],
    variant === 'link' ? 'h-auto p-0' : sizes[size],
    fullWidth && 'w-full',
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'>, Omit<ButtonStyle, 'className'> {
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  busy = false,
  disabled,
  className,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClasses({ variant, size, fullWidth, className })}
      {...props}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}

export type ButtonLinkProps = ComponentProps<typeof Link> & Omit<ButtonStyle, 'className'>;

/** A router link styled as a button. */
export function ButtonLink({ variant, size, fullWidth, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses({ variant, size, fullWidth, className })} {...props} />;
}
