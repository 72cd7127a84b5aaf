import { postableGroups } from './postable-groups';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '@shared/domain/constants';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { DraftNotice } from '@web/components/draft-notice';
import { Label } from '@web/components/input';
import { PageHeader } from '@web/components/page-header';
import { Select } from '@web/components/select';
import { PUBLISH_TEXT, PublicPostOption, usePublicPostOption } from '@web/features/published';
import { Dialog } from '@web/components/dialog';
import { NO_POST_FILES, PostFilesField, undescribedPhotos } from '@web/features/files';
import { groupsQueryOptions } from '@web/features/groups/api';
import { PollFields, pollOf, pollProblem, type PollDraft } from '@web/features/polls';
import { useT } from '@web/i18n/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useDraft } from '@web/lib/use-draft';
import { useLeaveWarning } from '@web/lib/use-leave-warning';
import { createPost } from './api';
import { postPath } from './components/post-card';
import { PostTextFields } from './components/post-text-fields';

/**
 * /posts/new (spec sections 2 and 5): a required title (tldr), Markdown content of at most 2000
 * characters with a live counter, and the group to post into (?group_id= preselects it).
 * Ctrl+Enter submits. With Public on, the post is then published under a slug (PublicPostOption).
 * Up to 20 files may be attached, ordered and described (PostFilesField, ADR 048); Create waits while
 * they upload, and first reminds the member of photos with no description. "Add poll" adds a poll
 * whose question is the title (PollFields, ADR 058). Title and content are
 * kept as the member's draft until the post is created or the draft discarded.
 */
export function NewPostPage() {
  const t = useT();
  useDocumentTitle(t('posts.composer.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const requestedGroup = searchParams.get('group_id') ?? '';
  // Afterwards (ADR 057): an event's page opens the composer to add photos of it, in its group.
  const photosOfEvent = searchParams.get('event_id');
  const ids = { group: useId() };

  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  // Title and content are kept as a draft across navigation and reloads; an attachment is not.
  const draft = useDraft('post:new', { tldr: '', content: '' });
  const { tldr, content } = draft.values;
  const [groupId, setGroupId] = useState(requestedGroup);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [attachment, setAttachment] = useState(NO_POST_FILES);
  const [reminding, setReminding] = useState(false);
  const [poll, setPoll] = useState<PollDraft | null>(null);
  // Shown once Create was pressed, and from then on as the member mends it.
  const [pollChecked, setPollChecked] = useState(false);
  const pollIssue = poll ? pollProblem(poll) : null;
  const publicPost = usePublicPostOption({
    title: tldr,
    onPublished: (postId) => navigate(postPath(postId), { state: { notice: PUBLISH_TEXT.createdPublic } }),
  });

  const groups = useQuery({ ...groupsQueryOptions(), select: postableGroups });
  const groupKnown = groups.data?.some((group) => group.id === groupId) ?? false;
  // A group the member cannot post in (or that does not exist) is not offered: the post goes to everyone.
  const effectiveGroup = groups.isSuccess && !groupKnown ? '' : groupId;

  const create = useMutation({
    mutationFn: createPost,
    onSuccess: async (post) => {
      draft.clear();
      queryClient.setQueryData(queryKeys.posts.detail(post.id), post);
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.lists() });
      // Public: publish under the slug, then go to the post (or stay, offering Try Again).
      if (publicPost.enabled) {
        await publicPost.publish(post.id);
        return;
      }
      navigate(postPath(post.id), { state: { notice: t('posts.composer.created') } });
    },
    onError: (error) => console.error('Could not create post', error),
  });

  const tooLong = content.length > LIMITS.postContent;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send({ describedOrNot: false });
  }

  function send({ describedOrNot }: { describedOrNot: boolean }) {
    if (create.isPending || create.isSuccess) return;
    if (!tldr.trim()) {
      setTitleError(t('posts.composer.titleRequired'));
      titleRef.current?.focus();
      return;
    }
    if (tooLong || attachment.uploading) return;
    setTitleError(null);
    if (pollIssue) {
      setPollChecked(true);
      return;
    }
    if (!publicPost.validate()) return;
    if (!describedOrNot && undescribedPhotos(attachment).length > 0) {
      setReminding(true);
      return;
    }
    setReminding(false);
    const ids = attachment.files.map((file) => file.id);
    create.mutate({
      tldr: tldr.trim(),
      content,
      group_id: effectiveGroup || null,
      ...(photosOfEvent && effectiveGroup === requestedGroup ? { photos_of_event_id: photosOfEvent } : {}),
      ...(ids.length > 0
        ? {
            file_request_ids: ids,
            file_alts: Object.fromEntries(
              ids.flatMap((id) => (attachment.alts[id] ? [[id, attachment.alts[id]]] : [])),
            ),
          }
        : { file_request_id: null }),
      ...(poll ? { poll: pollOf(poll) } : {}),
    });
  }

  /** Set by Add descriptions: the dialog then closes onto the first photo that has no description. */
  const toDescriptions = useRef(false);
  function addDescriptions() {
    toDescriptions.current = true;
    setReminding(false);
  }
  function firstUndescribedField() {
    if (!toDescriptions.current) return null;
    toDescriptions.current = false;
    return Array.from(
      formRef.current?.querySelectorAll<HTMLTextAreaElement>('textarea[data-alt-field]') ?? [],
    ).find((field) => !field.value.trim());
  }

  const undescribed = undescribedPhotos(attachment).length;

  function submitOnCtrlEnter(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      formRef.current?.requestSubmit();
    }
  }

  // After a failed publish the post exists: the form is done, only the Public option's Try Again remains.
  const busy = create.isPending || (create.isSuccess && !publicPost.failed);
  useLeaveWarning(create.isPending || publicPost.stage === 'generating');

  return (
    <>
      <PageHeader title={t('posts.composer.title')} description={t('posts.composer.description')} />
      <Card>
        <CardBody>
          <form
            ref={formRef}
            noValidate
            onSubmit={submit}
            onKeyDown={submitOnCtrlEnter}
            className="space-y-5"
          >
            {create.isError ? <Alert>{t('posts.composer.createError')}</Alert> : null}
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
              groupId={effectiveGroup || null}
              hint={t('posts.composer.hint')}
            />

            <PostFilesField onChange={setAttachment} disabled={create.isPending || create.isSuccess} />

            <PollFields
              draft={poll}
              onChange={setPoll}
              problem={pollChecked ? pollIssue : null}
              disabled={create.isPending || create.isSuccess}
            />

            <div className="space-y-1.5">
              <Label htmlFor={ids.group}>{t('posts.composer.postTo')}</Label>
              <Select
                id={ids.group}
                name="group_id"
                wrapperClassName="w-full sm:max-w-sm"
                value={effectiveGroup}
                disabled={groups.isPending}
                onChange={(event) => setGroupId(event.target.value)}
              >
                {groups.isPending ? (
                  <option value={effectiveGroup}>{t('posts.composer.loadingGroups')}</option>
                ) : (
                  <>
                    <option value="">{t('posts.composer.allMembers')}</option>
                    {groups.data?.map((group) => (
                      <option key={group.id} value={group.id}>
                        {group.name}
                      </option>
                    ))}
                  </>
                )}
              </Select>
              <GroupHint
                failed={groups.isError}
                requestedUnavailable={
                  groups.isSuccess && requestedGroup !== '' && groupId === requestedGroup && !groupKnown
                }
              />
              {photosOfEvent && effectiveGroup === requestedGroup ? (
                <p className="text-sm text-stone-600">{t('posts.composer.photosOfEvent')}</p>
              ) : null}
            </div>

            <PublicPostOption
              option={publicPost}
              creating={create.isPending}
              disabled={create.isPending || create.isSuccess}
            />

            <div className="flex flex-col-reverse gap-2 border-t border-stone-100 pt-5 sm:flex-row sm:justify-end">
              <ButtonLink to="/dashboard" variant="outline">
                {t('posts.composer.cancel')}
              </ButtonLink>
              <Button
                type="submit"
                busy={busy}
                disabled={tooLong || attachment.uploading || publicPost.failed}
              >
                {busy ? null : <Send className="size-4" aria-hidden="true" />}
                {busy ? t('posts.composer.creating') : t('posts.composer.create')}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
      <Dialog
        open={reminding}
        onOpenChange={setReminding}
        title={t('posts.composer.undescribed', { count: undescribed })}
        focusOnClose={firstUndescribedField}
        description={t('posts.composer.undescribedWhy')}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => send({ describedOrNot: true })}>
            {t('posts.composer.postAnyway')}
          </Button>
          <Button onClick={addDescriptions}>{t('posts.composer.addDescriptions')}</Button>
        </div>
      </Dialog>
    </>
  );
}

function GroupHint({ failed, requestedUnavailable }: { failed: boolean; requestedUnavailable: boolean }) {
  const t = useT();
  if (failed) return <p className="text-xs text-red-700">{t('posts.composer.groupsFailed')}</p>;
  if (requestedUnavailable) {
    return <p className="text-xs text-amber-700">{t('posts.composer.groupUnavailable')}</p>;
  }
  return <p className="text-xs text-stone-500">{t('posts.composer.groupHint')}</p>;
}
