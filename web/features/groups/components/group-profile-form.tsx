import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, Trash2 } from 'lucide-react';
import type { Group } from '@shared/api/groups';
import { LIMITS } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Textarea } from '@web/components/input';
import { FilePicker, UploadProgress, useUpload } from '@web/features/files';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { queryKeys } from '@web/lib/query-keys';
import { updateGroup } from '../api';
import { GroupAvatar } from './group-avatar';
import { t, useT } from '@web/i18n/i18n';

const MAX = LIMITS.groupDescriptionMax;

function failureText(error: unknown): string {
  const errors = fieldErrorsOf(error);
  const [field, messages] = Object.entries(errors)[0] ?? [];
  if (field && messages?.[0])
    return field === 'picture_file_id'
      ? t('groups.profile.pictureError', { problem: messages[0] })
      : t('groups.profile.descriptionError', { problem: messages[0] });
  return errorMessage(error);
}

/**
 * The group's picture (an image uploaded through the usual upload flow, then set on the group) and
 * its description (up to 1,000 characters, with a counter). Owners only, as the server enforces.
 */
export function GroupProfileForm({ group }: { group: Group }) {
  const t = useT();
  const queryClient = useQueryClient();
  const upload = useUpload();
  const [description, setDescription] = useState(group.description);
  const [saved, setSaved] = useState(false);

  const save = useMutation({
    mutationFn: updateGroup,
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.groups.detail(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.list() });
      upload.reset();
      setSaved(true);
    },
    onError: (error) => console.error('Group update failed', error),
  });

  async function changePicture(file: File) {
    setSaved(false);
    const uploaded = await upload.start(file, 'post_attachment');
    if (uploaded) save.mutate({ id: group.id, picture_file_id: uploaded.id });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || tooLong) return;
    setSaved(false);
    save.mutate({ id: group.id, description: description.trim() });
  }

  const length = description.trim().length;
  const tooLong = length > MAX;
  const state = upload.state;
  const uploadFailure =
    state.status === 'error' ? t('groups.profile.uploadFailed', { message: state.message }) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('groups.profile.title')}</CardTitle>
        <CardDescription>{t('groups.profile.description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5 pt-3 sm:pt-4">
        {save.isError ? <Alert>{failureText(save.error)}</Alert> : null}
        {uploadFailure ? <Alert>{uploadFailure}</Alert> : null}
        {saved && !save.isPending ? (
          <Alert variant="success" className="mt-0">
            {t('groups.profile.saved')}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <GroupAvatar id={group.id} initials={group.avatar} picture={group.picture_url} size="lg" />
          {state.status === 'requesting' || state.status === 'uploading' || state.status === 'finishing' ? (
            <UploadProgress state={state} onCancel={upload.cancel} />
          ) : (
            <div className="flex flex-wrap gap-2">
              <FilePicker
                accept="image/*"
                disabled={save.isPending}
                onPick={(file) => void changePicture(file)}
              >
                <Camera className="size-4" aria-hidden="true" />
                {group.picture_url ? t('groups.profile.changePicture') : t('groups.profile.addPicture')}
              </FilePicker>
              {group.picture_url ? (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={save.isPending}
                  onClick={() => {
                    setSaved(false);
                    save.mutate({ id: group.id, picture_file_id: null });
                  }}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('groups.profile.removePicture')}
                </Button>
              ) : null}
            </div>
          )}
        </div>
        <form onSubmit={submit} className="space-y-2">
          <label htmlFor="group-description" className="block text-sm font-medium text-stone-800">
            {t('groups.profile.descriptionLabel')}
          </label>
          <Textarea
            id="group-description"
            name="description"
            rows={4}
            value={description}
            onChange={(event) => {
              setSaved(false);
              setDescription(event.target.value);
            }}
            aria-describedby="group-description-count"
            placeholder={t('groups.profile.placeholder')}
          />
          <div className="flex items-center justify-between gap-3">
            <p
              id="group-description-count"
              className={cn('text-xs tabular-nums', tooLong ? 'font-medium text-red-700' : 'text-stone-500')}
            >
              {length}/{MAX}
            </p>
            <Button type="submit" busy={save.isPending} disabled={tooLong}>
              {t('groups.profile.save')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
