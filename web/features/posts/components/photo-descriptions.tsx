import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import type { Post } from '@shared/api/posts';
import { LIMITS } from '@shared/domain/constants';
import { Button } from '@web/components/button';
import { Label, Textarea } from '@web/components/input';
import { errorMessage } from '@web/lib/api-errors';
import { describePostFile } from '../api';
import { updateCachedPost } from '../post-cache';
import { isVideo, photosOf, type Photo } from './photo-grid';

/**
 * On the post page, its author describes each photo after posting (ADR 051), or changes what they
 * wrote: a short list of the photos, each with its description and an Edit control saving through
 * PATCH /api/posts/{id}/files/{file_id}. The answer is the post, put in every cached list and the
 * detail page at once; the server's kept answers are dropped by the write itself (ADR 042).
 */
export function PhotoDescriptions({ post, notify }: { post: Post; notify: (message: string) => void }) {
  const headingId = useId();
  // Photos only: since ADR 050 the grid's list holds a post's videos too.
  const photos = photosOf(post.files).filter((file) => !isVideo(file));
  if (!post.can_edit || photos.length === 0) return null;
  const undescribed = photos.filter((photo) => !photo.alt.trim()).length;
  return (
    <section aria-labelledby={headingId} className="mt-5 space-y-2 border-t border-stone-100 pt-4">
      <h2 id={headingId} className="text-sm font-semibold text-stone-800">
        Photo descriptions
      </h2>
      <p className="text-xs text-stone-500">
        {undescribed === 0
          ? 'Every photo is described for those who cannot see it. Only you can change this.'
          : `${undescribed} of ${photos.length} ${photos.length === 1 ? 'photo has' : 'photos have'} no description yet. Only you can add one.`}
      </p>
      <ol className="space-y-2">
        {photos.map((photo, index) => (
          <PhotoDescription
            key={photo.id}
            postId={post.id}
            photo={photo}
            label={`photo ${index + 1}`}
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
  label,
  notify,
}: {
  postId: string;
  photo: Photo;
  label: string;
  notify: (message: string) => void;
}) {
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
      notify(`Description of ${label} saved.`);
      requestAnimationFrame(() => editButton.current?.focus());
    },
    onError: (error) => console.error(`Could not describe ${label} of post ${postId}`, error),
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
        alt=""
        width={photo.width ?? 64}
        height={photo.height ?? 64}
        loading="lazy"
        className="size-14 shrink-0 rounded-md bg-stone-100 object-cover"
      />
      {editing ? (
        <form className="min-w-0 flex-1 space-y-1.5" onSubmit={submit} noValidate>
          <Label htmlFor={fieldId}>{`Description of ${label}`}</Label>
          <Textarea
            id={fieldId}
            rows={2}
            autoFocus
            value={text}
            maxLength={LIMITS.fileAlt}
            onChange={(event) => setText(event.target.value)}
            placeholder="What does the photo show?"
            className="min-h-16"
          />
          {save.isError ? (
            <p className="text-xs text-red-700" role="alert">
              {`Could not save the description: ${errorMessage(save.error)}`}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save description'}
            </Button>
            <Button variant="ghost" size="sm" onClick={cancel} disabled={save.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex min-w-0 flex-1 items-start gap-2">
          <p className="min-w-0 flex-1 text-sm wrap-anywhere text-stone-700">
            {photo.alt.trim() ? photo.alt : <span className="text-stone-500 italic">No description</span>}
          </p>
          <Button
            ref={editButton}
            variant="ghost"
            size="sm"
            onClick={() => {
              setText(photo.alt);
              setEditing(true);
            }}
            aria-label={`${photo.alt.trim() ? 'Edit' : 'Add'} the description of ${label}`}
          >
            <Pencil className="size-3.5" aria-hidden="true" />
            {photo.alt.trim() ? 'Edit' : 'Add'}
          </Button>
        </div>
      )}
    </li>
  );
}
