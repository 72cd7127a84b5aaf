import { fullDateTime } from '@shared/domain/time';
import { useT } from '@web/i18n/i18n';
import { useClock } from '@web/lib/time-zone';

/** "edited", with the time of the last edit on hover and for assistive technology. */
export function EditedMark({ editedAt }: { editedAt: string }) {
  const t = useT();
  const when = fullDateTime(new Date(editedAt), useClock());
  return (
    <time dateTime={editedAt} title={t('comments.edited.title', { when })} className="text-stone-500 italic">
      {t('comments.edited.mark')}
      <span className="sr-only"> {when}</span>
    </time>
  );
}
