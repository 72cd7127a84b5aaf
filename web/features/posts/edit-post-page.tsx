import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCw, Save } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import type { Post } from '@shared/api/posts';
import { LIMITS } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { DraftNotice } from '@web/components/draft-notice';
import { LoadingScreen } from '@web/components/loading-screen';
import { PageHeader } from '@web/components/page-header';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useDraft } from '@web/lib/use-draft';
import { useLeaveWarning } from '@web/lib/use-leave-warning';
import { fetchPost, updatePost } from './api';
import { postPath } from './components/post-card';
import { PostTextFields } from './components/post-text-fields';
import { POST_TEXT } from './messages';
import { postsMeta, updateCachedPost } from './post-cache';
import { isPostNotFound, PostNotFound } from './post-detail-page';

export const EDIT_TEXT = {
  title: 'Edit Post',
  save: 'Save',
  saving: 'Saving...',
  saved: 'Post updated.',
  saveError: 'Error saving post. Please try again.',
  notAuthor: 'Only the author can edit this post.',
} as const;

/**
 * /post/{id}/edit: the author changes the title and content with the new-post form's fields (the
 * live 'n/2000' counter, Save disabled above the limit, Ctrl+Enter saves). Group and attachment stay.
 */
export function EditPostPage() {
  const { id = '' } = useParams();
  const post = useQuery({
    queryKey: queryKeys.posts.detail(id),
    queryFn: ({ signal }) => fetchPost(id, signal),
    meta: postsMeta('single'),
  });
  useDocumentTitle(EDIT_TEXT.title);

  if (post.isPending) return <LoadingScreen label="Loading post…" />;
  if (post.isError) {
    if (isPostNotFound(post.error)) return <PostNotFound />;
    return (
      <Alert>
        <p>{POST_TEXT.loadError(errorMessage(post.error))}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void post.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          Try Again
        </Button>
      </Alert>
    );
  }
  if (!post.data.can_edit) {
    return (
      <>
        <PageHeader title={EDIT_TEXT.title} />
        <Alert>
          <p>{EDIT_TEXT.notAuthor}</p>
          <ButtonLink to={postPath(post.data.id)} variant="outline" size="sm" className="mt-3">
            Back to the post
          </ButtonLink>
        </Alert>
      </>
    );
  }
  return <EditPostForm post={post.data} />;
}

function EditPostForm({ post }: { post: Post }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  // Changes not yet saved are kept as a draft of this edit (across navigation and reloads).
  const draft = useDraft(`post:edit:${post.id}`, { tldr: post.tldr, content: post.content });
  const { tldr, content } = draft.values;
  const [titleError, setTitleError] = useState<string | null>(null);
  const tooLong = content.length > LIMITS.postContent;

  const save = useMutation({
    mutationFn: () => updatePost(post.id, { tldr: tldr.trim(), content }),
    onSuccess: (updated) => {
      draft.clear();
      updateCachedPost(queryClient, post.id, () => updated);
      navigate(postPath(post.id), { state: { notice: EDIT_TEXT.saved } });
    },
    onError: (error) => console.error(`Could not save post ${post.id}`, error),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    if (!tldr.trim()) {
      setTitleError(POST_TEXT.titleRequired);
      titleRef.current?.focus();
      return;
    }
    if (tooLong) return;
    setTitleError(null);
    save.mutate();
  }

  function submitOnCtrlEnter(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  }

  useLeaveWarning(save.isPending);
  const fieldErrors = save.isError ? Object.values(fieldErrorsOf(save.error)).flat() : [];
  return (
    <>
      <PageHeader
        title={EDIT_TEXT.title}
        description="Fix a typo or say it better. Readers see that it was edited."
      />
      <Card>
        <CardBody>
          <form
            ref={formRef}
            noValidate
            onSubmit={submit}
            onKeyDown={submitOnCtrlEnter}
            className="space-y-5"
          >
            {save.isError ? (
              <Alert>{fieldErrors.length > 0 ? fieldErrors.join(', ') : EDIT_TEXT.saveError}</Alert>
            ) : null}
            {draft.restored ? <DraftNotice onDiscard={draft.discard} /> : null}
            <PostTextFields
              tldr={tldr}
              onTldrChange={(value) => {
                draft.update({ tldr: value });
                if (titleError && value.trim()) setTitleError(null);
              }}
              content={content}
              onContentChange={(value) => draft.update({ content: value })}
              titleError={titleError}
              titleRef={titleRef}
              groupId={post.group_id}
              hint="Markdown supported · Ctrl+Enter to save"
            />
            <div className="flex flex-col-reverse gap-2 border-t border-stone-100 pt-5 sm:flex-row sm:justify-end">
              <ButtonLink to={postPath(post.id)} variant="outline">
                Cancel
              </ButtonLink>
              <Button type="submit" busy={save.isPending} disabled={tooLong}>
                {save.isPending ? null : <Save className="size-4" aria-hidden="true" />}
                {save.isPending ? EDIT_TEXT.saving : EDIT_TEXT.save}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </>
  );
}
