import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import type { Post } from '@shared/api/posts';
import { LIMITS } from '@shared/domain/constants';
import { Button } from '@web/components/button';
import { Label, Textarea } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { describePostFile } from '../api';
import { updateCachedPost } from '../post-cache';
import { gridSizesOf, isVideo, photosOf, srcSetOf, type Photo } from './photo-layout';

/**
 * On the post page, its author describes each photo after posting (ADR 051), or changes what they
 * wrote: a short list of the photos, each with its description and an Edit control saving through
 * PATCH /api/posts/{id}/files/{file_id}. The answer is the post, put in every cached list and the
 * detail page at once; the server's kept answers are dropped by the write itself (ADR 042).
 */
export function PhotoDescriptions({ post, notify }: { post: Post; notify: (message: string) => void }) {
  const t = useT();
  const headingId = useId();
  // Photos only: since ADR 050 the grid's list holds a post's videos too.
  const photos = photosOf(post.files).filter((file) => !isVideo(file));
  if (!post.can_edit || photos.length === 0) return null;
  const undescribed = photos.filter((photo) => !photo.alt.trim()).length;
  const gridSizes = gridSizesOf(post.files);
  return (
    <section aria-labelledby={headingId} className="mt-5 space-y-2 border-t border-stone-100 pt-4">
      <h2 id={headingId} className="text-sm font-semibold text-stone-800">
        {t('posts.photoDescriptions.heading')}
      </h2>
      <p className="text-xs text-stone-500">
        {undescribed === 0
          ? t('posts.photoDescriptions.allDescribed')
          : t('posts.photoDescriptions.undescribed', { undescribed, total: photos.length })}
      </p>
      <ol className="space-y-2">
        {photos.map((photo, index) => (
          <PhotoDescription
            key={photo.id}
            postId={post.id}
            photo={photo}
            sizes={gridSizes.get(photo.id)}
            number={index + 1}
            notify={notify}
          />
        ))}
      </ol>
    </section>
  );
}

function PhotoDescription({
  postId,
  photo,
  sizes,
  number,
  notify,
}: {
  postId: string;
  photo: Photo;
  /** The grid's `sizes` for this photo, when the page draws it in a grid. */
  sizes: string | undefined;
  /** Its place among the post's photos, from 1: how the controls name it. */
  number: number;
  notify: (message: string) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(photo.alt);
  const editButton = useRef<HTMLButtonElement>(null);

  const save = useMutation({
    mutationFn: () => describePostFile(postId, photo.id, text.trim()),
    onSuccess: (updated) => {
      updateCachedPost(queryClient, postId, () => updated);
      setEditing(false);
      notify(t('posts.photoDescriptions.saved', { number }));
      requestAnimationFrame(() => editButton.current?.focus());
    },
    onError: (error) => console.error(`Could not describe photo ${number} of post ${postId}`, error),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  }

  function cancel() {
    setEditing(false);
    setText(photo.alt);
    save.reset();
    requestAnimationFrame(() => editButton.current?.focus());
  }

  return (
    <li className="flex gap-3 rounded-lg border border-stone-200 p-2" data-testid="photo-description">
      <img
        src={photo.thumbnail_url ?? undefined}
        // The width the page's grid chose for this photo (its `sizes`), which the browser already
        // holds, not a second download of a smaller one; without a grid, the smallest.
        srcSet={srcSetOf(photo)}
        sizes={sizes ?? '56px'}
        alt=""
        width={photo.width ?? 64}
        height={photo.height ?? 64}
        loading="lazy"
        className="size-14 shrink-0 rounded-md bg-stone-100 object-cover"
      />
      {editing ? (
        <form className="min-w-0 flex-1 space-y-1.5" onSubmit={submit} noValidate>
          <Label htmlFor={fieldId}>{t('posts.photoDescriptions.field', { number })}</Label>
          <Textarea
            id={fieldId}
            rows={2}
            autoFocus
            value={text}
            maxLength={LIMITS.fileAlt}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('posts.photoDescriptions.placeholder')}
            className="min-h-16"
          />
          {save.isError ? (
            <p className="text-xs text-red-700" role="alert">
              {t('posts.photoDescriptions.saveFailed', { reason: errorMessage(save.error) })}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending ? t('posts.photoDescriptions.saving') : t('posts.photoDescriptions.save')}
            </Button>
            <Button variant="ghost" size="sm" onClick={cancel} disabled={save.isPending}>
              {t('posts.photoDescriptions.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex min-w-0 flex-1 items-start gap-2">
          <p className="min-w-0 flex-1 text-sm wrap-anywhere text-stone-700">
            {photo.alt.trim() ? (
              photo.alt
            ) : (
              <span className="text-stone-500 italic">{t('posts.photoDescriptions.none')}</span>
            )}
          </p>
          <Button
            ref={editButton}
            variant="ghost"
            size="sm"
            onClick={() => {
              setText(photo.alt);
              setEditing(true);
            }}
            aria-label={
              photo.alt.trim()
                ? t('posts.photoDescriptions.editLabel', { number })
                : t('posts.photoDescriptions.addLabel', { number })
            }
          >
            <Pencil className="size-3.5" aria-hidden="true" />
            {photo.alt.trim() ? t('posts.photoDescriptions.edit') : t('posts.photoDescriptions.add')}
          </Button>
        </div>
      )}
    </li>
  );
}
