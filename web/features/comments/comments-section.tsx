import type { ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { MessageCircle, RotateCw } from 'lucide-react';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import { errorMessage } from '@web/lib/api-errors';

export interface CommentsSectionProps<T extends { id: string }> {
  /** The subject's comments in the cache (its items and form update the same key). */
  queryKey: QueryKey;
  /** GET the subject's comments, oldest first. */
  fetchComments: (signal: AbortSignal) => Promise<T[]>;
  /** The subject's comments_count, shown until the list has loaded. */
  initialCount: number;
  /** The words of a failed load, from the error's message. */
  loadErrorText: (message: string) => string;
  renderComment: (comment: T) => ReactNode;
  /** The subject's comment form. */
  form: ReactNode;
}

/**
 * The comments of a post or a link: 'Comments' with the count, the list oldest first (loading,
 * Try Again, 'No comments yet. Start the conversation!'), and the subject's form underneath. What a
 * comment looks like and what it can do stays with each subject (`renderComment`, `form`).
 */
export function CommentsSection<T extends { id: string }>({
  queryKey,
  fetchComments,
  initialCount,
  loadErrorText,
  renderComment,
  form,
}: CommentsSectionProps<T>) {
  const comments = useQuery({ queryKey, queryFn: ({ signal }) => fetchComments(signal) });
  const count = comments.data?.length ?? initialCount;

  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-24">
      <h2
        id="comments-title"
        className="mb-3 flex items-center gap-2 text-lg font-semibold tracking-tight text-stone-900"
      >
        <MessageCircle className="size-5 text-brand-700" aria-hidden="true" />
        Comments
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600 tabular-nums">
          {count}
        </span>
      </h2>
      <div className="rounded-2xl border border-stone-200/80 bg-white shadow-sm shadow-stone-900/5">
        {comments.isPending ? (
          <div className="flex items-center justify-center gap-2 py-10 text-sm text-stone-500" role="status">
            <Spinner /> Loading comments…
          </div>
        ) : comments.isError ? (
          <div className="p-4 sm:p-5">
            <Alert>
              <p>{loadErrorText(errorMessage(comments.error))}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void comments.refetch()}>
                <RotateCw className="size-4" aria-hidden="true" />
                Try Again
              </Button>
            </Alert>
          </div>
        ) : comments.data.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-stone-500">
            No comments yet. Start the conversation!
          </p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {comments.data.map((comment) => renderComment(comment))}
          </ul>
        )}
        <div className="border-t border-stone-100 bg-stone-50/60 p-4 sm:p-5">{form}</div>
      </div>
    </section>
  );
}
