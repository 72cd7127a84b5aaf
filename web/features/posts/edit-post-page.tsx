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
import { useT } from '@web/i18n/i18n';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useDraft } from '@web/lib/use-draft';
import { useLeaveWarning } from '@web/lib/use-leave-warning';
import { fetchPost, updatePost } from './api';
import { postPath } from './components/post-card';
import { PostTextFields } from './components/post-text-fields';
import { postsMeta, updateCachedPost } from './post-cache';
import { isPostNotFound, PostNotFound } from './post-detail-page';

/**
 * /post/{id}/edit: the author changes the title and content with the new-post form's fields (the
 * live 'n/2000' counter, Save disabled above the limit, Ctrl+Enter saves). Group and attachment stay.
 */
export function EditPostPage() {
  const t = useT();
  const { id = '' } = useParams();
  const post = useQuery({
    queryKey: queryKeys.posts.detail(id),
    queryFn: ({ signal }) => fetchPost(id, signal),
    meta: postsMeta('single'),
  });
  useDocumentTitle(t('posts.edit.title'));

  if (post.isPending) return <LoadingScreen label={t('posts.detail.loading')} />;
  if (post.isError) {
    if (isPostNotFound(post.error)) return <PostNotFound />;
    return (
      <Alert>
        <p>{t('posts.timeline.loadError', { message: errorMessage(post.error) })}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void post.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('posts.timeline.tryAgain')}
        </Button>
      </Alert>
    );
  }
  if (!post.data.can_edit) {
    return (
      <>
        <PageHeader title={t('posts.edit.title')} />
        <Alert>
          <p>{t('posts.edit.notAuthor')}</p>
          <ButtonLink to={postPath(post.data.id)} variant="outline" size="sm" className="mt-3">
            {t('posts.edit.backToPost')}
          </ButtonLink>
        </Alert>
      </>
    );
  }
  return <EditPostForm post={post.data} />;
}

function EditPostForm({ post }: { post: Post }) {
  const t = useT();
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
      navigate(postPath(post.id), { state: { notice: t('posts.edit.saved') } });
    },
    onError: (error) => console.error(`Could not save post ${post.id}`, error),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    if (!tldr.trim()) {
      setTitleError(t('posts.composer.titleRequired'));
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
      <PageHeader title={t('posts.edit.title')} description={t('posts.edit.description')} />
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
              <Alert>{fieldErrors.length > 0 ? fieldErrors.join(', ') : t('posts.edit.saveError')}</Alert>
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
              hint={t('posts.edit.hint')}
            />
            <div className="flex flex-col-reverse gap-2 border-t border-stone-100 pt-5 sm:flex-row sm:justify-end">
              <ButtonLink to={postPath(post.id)} variant="outline">
                {t('posts.edit.cancel')}
              </ButtonLink>
              <Button type="submit" busy={save.isPending} disabled={tooLong}>
                {save.isPending ? null : <Save className="size-4" aria-hidden="true" />}
                {save.isPending ? t('posts.edit.saving') : t('posts.edit.save')}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </>
  );
}
