import { fullDateTime } from '@shared/domain/time';
import { useClock } from '@web/lib/time-zone';

/** "edited", with the time of the last edit on hover and for assistive technology. */
export function EditedMark({ editedAt }: { editedAt: string }) {
  const when = fullDateTime(new Date(editedAt), useClock());
  return (
    <time dateTime={editedAt} title={`Edited ${when}`} className="text-stone-500 italic">
      edited
      <span className="sr-only"> {when}</span>
    </time>
  );
}
