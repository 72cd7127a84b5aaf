import { cn } from '@web/lib/cn';

/** Every published post card: pointer, hover and padding (the feed's is larger). */
export function publishedCardClass(feed: boolean, className?: string): string {
  return cn(
    'cursor-pointer transition-[border-color,box-shadow] hover:border-stone-300 hover:shadow-md hover:shadow-stone-900/5',
    feed ? 'p-4 sm:p-7' : 'p-4 sm:p-5',
    className,
  );
}
