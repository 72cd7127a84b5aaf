import { humanDate } from '@shared/domain/time';

/** "edited", with the time of the last edit on hover and for assistive technology. */
export function EditedMark({ editedAt }: { editedAt: string }) {
  const when = humanDate(new Date(editedAt));
  return (
    <time dateTime={editedAt} title={`Edited ${when}`} className="text-stone-500 italic">
      edited
      <span className="sr-only"> {when}</span>
    </time>
  );
}
