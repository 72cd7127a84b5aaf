import type { ReactNode } from 'react';
import { Save } from 'lucide-react';
import { Button } from '@web/components/button';

/** A settings card's last row: its Save button, at the end, spinning while the save runs. */
export function SaveRow({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="flex justify-end border-t border-stone-100 pt-4">
      <Button type="submit" busy={busy}>
        {busy ? null : <Save className="size-4" aria-hidden="true" />}
        {children}
      </Button>
    </div>
  );
}
