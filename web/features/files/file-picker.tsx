import { useId, type ChangeEvent, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { buttonClasses, type ButtonStyle } from '@web/components/button';

/**
 * A button that opens the file chooser: a visually hidden file input with a visible label styled as
 * a button. The input keeps the keyboard focus (and its ring shows on the label), and the label
 * names it, so `getByLabelText('Attach file')` and screen readers find the input.
 */
export function FilePicker({
  children,
  onPick,
  onPickFiles,
  multiple = false,
  accept,
  disabled,
  variant = 'outline',
  size = 'sm',
  className,
}: {
  children: ReactNode;
  /** One file chosen. */
  onPick?: (file: File) => void;
  /** With `multiple`: every file chosen at once, in the chooser's order. */
  onPickFiles?: (files: File[]) => void;
  multiple?: boolean;
  accept?: string;
  disabled?: boolean;
  className?: string;
} & Pick<ButtonStyle, 'variant' | 'size'>) {
  const id = useId();

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so choosing the same file again (after Remove or a failure) is a change too.
    event.target.value = '';
    if (files.length > 0) onPickFiles?.(files);
    if (files[0]) onPick?.(files[0]);
  }

  return (
    <span className={cn('inline-flex', className)}>
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={pick}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        aria-disabled={disabled || undefined}
        className={buttonClasses({
          variant,
          size,
          className:
            'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2',
        })}
      >
        {children}
      </label>
    </span>
  );
}
