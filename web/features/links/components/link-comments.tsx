import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MoreHorizontal, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link as RouterLink } from 'react-router';
import { LINK_COMMENT_MAX, type LinkComment } from '@shared/api/links';
import { Alert } from '@web/components/alert';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { Label, Textarea } from '@web/components/input';
import { Markdown } from '@web/components/markdown';
import { MenuContent, MenuItem } from '@web/components/menu';
import { CommentsSection } from '@web/features/comments';
import { cn } from '@web/lib/cn';
import { initialsOf } from '@web/lib/initials';
import { queryKeys } from '@web/lib/query-keys';
import { createLinkComment, deleteLinkComment, fetchLinkComments, setLinkCommentLiked } from '../api';
import { updateCachedLink } from '../link-cache';
import { LINK_TEXT, linkCommentDeleteErrorText, linkCommentErrorText } from '../messages';
import { useOptimisticLike } from '../use-link-like';
import { LikeToggle } from './like-toggle';
import { profilePath } from './link-card';

/** A link's comments (oldest first) with their likes, the owner's menu, and the comment form. */
export function LinkComments({ linkId, initialCount }: { linkId: string; initialCount: number }) {
  return (
    <CommentsSection<LinkComment>
      queryKey={queryKeys.links.comments(linkId)}
      fetchComments={(signal) => fetchLinkComments(linkId, signal)}
      initialCount={initialCount}
      loadErrorText={LINK_TEXT.loadError}
      renderComment={(comment) => <CommentItem key={comment.id} comment={comment} linkId={linkId} />}
      form={<CommentForm linkId={linkId} />}
    />
  );
}

function CommentItem({ comment, linkId }: { comment: LinkComment; linkId: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const like = useOptimisticLike({
    key: comment.id,
    liked: comment.liked_by_current_user,
    count: comment.likes_count,
    send: (liked) => setLinkCommentLiked(linkId, comment.id, liked),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.links.comments(linkId) }),
  });
  const remove = useMutation({
    mutationFn: () => deleteLinkComment(linkId, comment.id),
    onSuccess: () => {
      setConfirming(false);
      queryClient.setQueryData<LinkComment[]>(queryKeys.links.comments(linkId), (list) =>
        list?.filter((item) => item.id !== comment.id),
      );
      updateCachedLink(queryClient, linkId, (link) => ({
        ...link,
        comments_count: Math.max(0, link.comments_count - 1),
      }));
    },
    onError: (error) => {
      console.error(`Could not delete comment ${comment.id}`, error);
      setConfirming(false);
      setFailure(linkCommentDeleteErrorText(error));
    },
  });

  const profile = profilePath(comment.profile_id);
  return (
    <li className="flex gap-3 px-4 py-4 sm:px-5">
      <RouterLink to={profile} className="shrink-0 rounded-full" aria-label={`${comment.name}'s profile`}>
        <Avatar src={comment.avatar} initials={initialsOf(comment.name)} size="sm" className="mt-0.5" />
      </RouterLink>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1 leading-snug">
            <p className="truncate text-sm">
              <RouterLink to={profile} className="font-semibold text-stone-900 hover:underline">
                {comment.name}
              </RouterLink>{' '}
              <span className="text-stone-500">@{comment.username}</span>
            </p>
            <time
              dateTime={comment.created_at}
              title={comment.created_at_human}
              className="block text-xs text-stone-500"
            >
              {comment.time_ago}
            </time>
          </div>
          {comment.can_delete ? (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger
                aria-label="Comment options"
                className="-mt-1 -mr-1.5 shrink-0 rounded-lg p-1.5 text-stone-400 transition-colors hover:bg-stone-100 hover:text-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <MoreHorizontal className="size-4" aria-hidden="true" />
              </DropdownMenu.Trigger>
              <MenuContent className="min-w-44">
                <MenuItem className="text-red-700" onSelect={() => setConfirming(true)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete comment
                </MenuItem>
              </MenuContent>
            </DropdownMenu.Root>
          ) : null}
        </div>
        <Markdown className="mt-1 text-[15px]">{comment.content}</Markdown>
        <div className="-mx-2 mt-1">
          <LikeToggle
            size="sm"
            liked={like.liked}
            count={like.count}
            pending={like.pending}
            onToggle={() => void like.toggle()}
          />
        </div>
      </div>

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        dismissible={!remove.isPending}
        title="Delete this comment?"
        description="It will be removed for everyone. This can't be undone."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Deleting...' : 'Delete comment'}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={failure !== null}
        onOpenChange={(open) => (open ? undefined : setFailure(null))}
        title="Error"
      >
        <p className="text-sm text-stone-700">{failure}</p>
        <div className="mt-5 flex justify-end">
          <Button onClick={() => setFailure(null)}>OK</Button>
        </div>
      </Dialog>
    </li>
  );
}

/**
 * Spec section 5: content trimmed and required ('Comment content is required'), the button disabled
 * while it is blank, and a character count. Failures per section 8.
 */
function CommentForm({ linkId }: { linkId: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const blank = !content.trim();
  const length = content.trim().length;
  const tooLong = length > LINK_COMMENT_MAX;
  const add = useMutation({
    mutationFn: (text: string) => createLinkComment(linkId, text),
    onSuccess: (comment) => {
      setContent('');
      setProblem(null);
      queryClient.setQueryData<LinkComment[]>(queryKeys.links.comments(linkId), (list) =>
        list ? [...list.filter((item) => item.id !== comment.id), comment] : [comment],
      );
      updateCachedLink(queryClient, linkId, (link) => ({ ...link, comments_count: link.comments_count + 1 }));
    },
    onError: (error) => {
      console.error('Could not post comment', error);
      setProblem(linkCommentErrorText(error));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    if (blank) {
      setProblem(LINK_TEXT.commentRequired);
      return;
    }
    if (tooLong) return;
    add.mutate(content.trim());
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Label htmlFor={id} className="sr-only">
        Add a comment
      </Label>
      {problem ? <Alert>{problem}</Alert> : null}
      <Textarea
        id={id}
        rows={3}
        placeholder="Add a comment… Markdown supported"
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          if (problem) setProblem(null);
        }}
        className="min-h-20 bg-white"
      />
      <div className="flex items-center justify-between gap-3">
        <span
          data-testid="comment-counter"
          className={cn('text-xs tabular-nums', tooLong ? 'font-semibold text-red-600' : 'text-stone-500')}
        >
          {length}/{LINK_COMMENT_MAX}
        </span>
        <Button type="submit" disabled={blank || tooLong} busy={add.isPending}>
          {add.isPending ? 'Posting...' : 'Comment'}
        </Button>
      </div>
    </form>
  );
}
