import { Dialog } from '@web/components/dialog';
import { useT } from '@web/i18n/i18n';
import { useRegisteredShortcuts } from '@web/lib/shortcuts';

/** Every shortcut registered, with its key. */
export function ShortcutHelpDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const registered = useRegisteredShortcuts();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('app.accountMenu.keyboardShortcuts')}
      description={t('app.shortcuts.description')}
    >
      <dl className="divide-y divide-stone-100">
        {registered.map((shortcut) => (
          <div key={shortcut.key} className="flex items-center justify-between gap-4 py-2 text-sm">
            <dt className="text-stone-700">{shortcut.description}</dt>
            <dd>
              <kbd className="inline-flex min-w-7 justify-center rounded-md border border-stone-300 bg-stone-50 px-2 py-0.5 font-mono text-xs text-stone-800 shadow-xs">
                {shortcut.key}
              </kbd>
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
