import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

const control =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 text-stone-900 shadow-xs transition-colors ' +
  'placeholder:text-stone-400 hover:border-stone-400 focus:border-brand-500 focus:outline-none ' +
  'focus:ring-3 focus:ring-brand-500/20 disabled:cursor-not-allowed disabled:bg-stone-100 ' +
  'disabled:text-stone-500 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(control, 'h-10 text-base sm:text-sm', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(control, 'min-h-24 py-2 text-base leading-relaxed sm:text-sm', className)}
      {...props}
    />
  );
}

export function Label({
  className,
  children,
  required,
  ...props
}: ComponentProps<'label'> & { required?: boolean }) {
  return (
    // The required mark sits outside the label so the label's text (and the input's accessible
    // name) is just the field name; the input's own `required` tells assistive technology.
    <span className="flex items-baseline gap-0.5">
      <label className={cn('block text-sm font-medium text-stone-800', className)} {...props}>
        {children}
      </label>
      {required ? (
        <span className="text-sm font-medium text-brand-700" aria-hidden="true">
          *
        </span>
      ) : null}
    </span>
  );
}

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  /** Help text under the field. */
  hint?: ReactNode;
  /** A field error under the input; marks the input invalid. */
  error?: string;
  /** Something beside the label, e.g. a "Forgot password" link. */
  labelAside?: ReactNode;
  id?: string;
}

/** Label, input, hint and error, wired together for assistive technology. */
export function TextField({
  label,
  hint,
  error,
  labelAside,
  id,
  required,
  className,
  ...props
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={inputId} required={required}>
          {label}
        </Label>
        {labelAside}
      </div>
      <Input
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
