import { useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, Trash2 } from 'lucide-react';
import type { Profile } from '@shared/api/profiles';
import { useAuth } from '@web/app/auth/auth-context';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import { FilePicker, UploadProgress, useUpload } from '@web/features/files';
import { removeMyAvatar } from '@web/features/profiles';
import { useT } from '@web/i18n/i18n';
import { initialsOf } from '@web/lib/initials';
import { queryKeys } from '@web/lib/query-keys';

/** Spec sections 4 and 9: after the picture is marked uploaded, wait 2000 ms, then reload the profile. */
export const PICTURE_RELOAD_DELAY_MS = 2000;

/**
 * The member's picture on My Profile: shown large, "Change picture" (an image, uploaded with its
 * progress and Cancel) and "Remove picture". After an upload the profile and the signed-in member
 * are reloaded, so the top bar, the menus and the member's posts show the new picture. Failures are
 * logged (spec section 8) and also said in a line under the buttons: an upload never fails silently.
 */
export function ProfilePicture({
  profile,
  name,
  onNotice,
  aside,
}: {
  profile: Profile;
  /** The name shown beside the picture (its initials stand in when there is none). */
  name: string;
  onNotice: (message: string) => void;
  /** Beside the name, e.g. a link to the public profile. */
  aside?: ReactNode;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const upload = useUpload();
  const { state } = upload;
  const [reloading, setReloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Not cleared when the member leaves the page: the reload is for the top bar and the lists too.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Everything that shows this member's picture: the profile, the top bar and menus, posts, lists. */
  async function reloadEverywhere() {
    await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all }), refreshUser()]);
    void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.friends.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
  }

  async function change(file: File) {
    clearTimeout(timer.current);
    setProblem(null);
    const uploaded = await upload.start(file, 'profile');
    if (!uploaded) return;
    setReloading(true);
    timer.current = setTimeout(() => {
      void reloadEverywhere().finally(() => {
        setReloading(false);
        upload.reset();
        onNotice(t('settings.picture.updated'));
      });
    }, PICTURE_RELOAD_DELAY_MS);
  }

  const remove = useMutation({
    mutationFn: removeMyAvatar,
    onMutate: () => setProblem(null),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.profiles.me(), updated);
      queryClient.setQueryData(queryKeys.profiles.detail(updated.id), updated);
      upload.reset();
      onNotice(t('settings.picture.removed'));
      void reloadEverywhere();
    },
    onError: (error) => {
      console.error('Removing the profile picture failed', error);
      setProblem(t('settings.picture.removeFailed'));
    },
  });

  const uploading =
    state.status === 'requesting' || state.status === 'uploading' || state.status === 'finishing';
  const busy = uploading || reloading || remove.isPending;
  // The new picture shows at once; the reload two seconds later brings it everywhere else.
  const shown = state.status === 'done' ? state.result.url : profile.avatar;
  const failure =
    state.status === 'error' ? t('settings.picture.uploadFailed', { reason: state.message }) : problem;

  return (
    <div className="flex w-full flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar src={shown} initials={initialsOf(name)} name={t('settings.picture.alt', { name })} size="xl" />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-lg font-semibold break-words text-stone-900">{name}</p>
            <p className="text-sm break-all text-stone-500">@{profile.username}</p>
          </div>
          {aside}
        </div>
        {uploading ? (
          <UploadProgress state={state} onCancel={upload.cancel} />
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <FilePicker accept="image/*" disabled={busy} onPick={(file) => void change(file)}>
              <Camera className="size-4" aria-hidden="true" />
              {t('settings.picture.change')}
            </FilePicker>
            {profile.avatar && !reloading ? (
              <Button
                variant="ghost"
                size="sm"
                busy={remove.isPending}
                disabled={busy}
                onClick={() => remove.mutate()}
              >
                {remove.isPending ? null : <Trash2 className="size-4" aria-hidden="true" />}
                {t('settings.picture.remove')}
              </Button>
            ) : null}
            {reloading ? (
              <span role="status" className="inline-flex items-center gap-2 text-sm text-stone-600">
                <Spinner />
                {t('settings.picture.saving')}
              </span>
            ) : null}
          </div>
        )}
        {failure ? (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        ) : state.status === 'cancelled' ? (
          <p role="status" className="text-sm text-stone-600">
            {t('settings.picture.cancelled')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
