import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '@web/lib/cn';

export const textLinkClasses =
  'rounded-sm font-medium text-brand-700 underline-offset-4 transition-colors hover:text-brand-800 ' +
  'hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ' +
  'focus-visible:ring-offset-2';

/** An inline router link in the brand colour. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}
