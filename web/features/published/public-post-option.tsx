import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Globe, RotateCw } from 'lucide-react';
import { Switch } from 'radix-ui';
import { Link } from 'react-router';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/input';
import { Spinner } from '@web/components/spinner';
import { t, useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { queryKeys } from '@web/lib/query-keys';
import { createPublicPost } from './api';
import { publishErrorMessage } from './publish-errors';
import { publicLinkHint, slugError, slugFromTitle } from './slug';

type Stage = 'idle' | 'generating' | 'done' | 'failed';

/**
 * The Public option of /posts/new (spec sections 4, 5 and 8): when on, a slug (following the title
 * until edited) is required, and once the post is created it is published under that slug.
 *
 *   const publicPost = usePublicPostOption({ title, onPublished: (postId) => navigate(…) });
 *   // on submit:            if (!publicPost.validate()) return;
 *   // after creating:       if (publicPost.enabled) await publicPost.publish(post.id);
 *   <PublicPostOption option={publicPost} creating={create.isPending} disabled={busy} />
 */
export function usePublicPostOption({
  title,
  onPublished,
}: {
  title: string;
  /** After the public link was generated (at once, or after Try Again). */
  onPublished: (postId: string) => void;
}) {
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(false);
  const [typedSlug, setTypedSlug] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [createdPostId, setCreatedPostId] = useState<string | null>(null);
  const slug = typedSlug ?? slugFromTitle(title);

  // Plain functions, made afresh each render: the create mutation calls the latest ones, which see
  // the slug as it is then.
  function validate(): boolean {
    if (!enabled) return true;
    const problem = slug.trim() ? slugError(slug) : t('published.slug.required');
    setError(problem);
    return problem === null;
  }

  async function publish(postId: string): Promise<boolean> {
    setCreatedPostId(postId);
    setStage('generating');
    setFailure(null);
    try {
      await createPublicPost(postId, slug);
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicPosts.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.published.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
      setStage('done');
      onPublished(postId);
      return true;
    } catch (cause) {
      console.error(`Could not publish post ${postId}`, cause);
      setFailure(publishErrorMessage(cause));
      setStage('failed');
      return false;
    }
  }

  return {
    enabled,
    setEnabled: (next: boolean) => {
      setEnabled(next);
      setError(null);
    },
    slug,
    setSlug: (value: string) => {
      setTypedSlug(value);
      setError(null);
    },
    error,
    stage,
    failure,
    createdPostId,
    /** The post exists but has no public link: the form is done, only Try Again remains. */
    failed: stage === 'failed',
    validate,
    publish,
  };
}

export type PublicPostOptionState = ReturnType<typeof usePublicPostOption>;

export function PublicPostOption({
  option,
  creating,
  disabled,
}: {
  option: PublicPostOptionState;
  /** The post itself is being created. */
  creating: boolean;
  /** The form is busy (creating, or done). */
  disabled: boolean;
}) {
  const t = useT();
  const switchId = useId();
  const hintId = useId();
  const { enabled, stage } = option;
  const slugLocked = disabled && !option.failed;

  function retry() {
    if (!option.createdPostId || stage === 'generating') return;
    if (option.validate()) void option.publish(option.createdPostId);
  }

  return (
    <div className="space-y-3 rounded-xl border border-stone-200 bg-stone-50/60 p-4">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={switchId} className="flex items-center gap-2 text-sm font-medium text-stone-800">
            <Globe className="size-4 text-brand-700" aria-hidden="true" />
            {t('published.option.label')}
          </label>
          <p id={hintId} className="mt-0.5 text-xs text-stone-500">
            {t('published.option.hint')}
          </p>
        </div>
        <Switch.Root
          id={switchId}
          checked={enabled}
          disabled={disabled}
          onCheckedChange={option.setEnabled}
          aria-describedby={hintId}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-stone-300 transition-colors',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
            'disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-700',
          )}
        >
          <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[22px]" />
        </Switch.Root>
      </div>

      {enabled ? (
        <TextField
          label={t('published.slug.label')}
          name="slug"
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={option.slug}
          disabled={slugLocked || stage === 'generating'}
          error={option.error ?? undefined}
          hint={publicLinkHint(option.slug)}
          onChange={(event) => option.setSlug(event.target.value)}
          onKeyDown={(event) => {
            // After a failed publish, Enter tries again (the form itself is done).
            if (option.failed && event.key === 'Enter') {
              event.preventDefault();
              retry();
            }
          }}
        />
      ) : null}

      {enabled ? <PublishStatus stage={stage} creating={creating} /> : null}

      {option.failed ? (
        <Alert>
          <p className="font-medium">{t('published.option.linkFailed')}</p>
          {option.failure ? <p>{option.failure}</p> : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={retry}>
              <RotateCw className="size-4" aria-hidden="true" />
              {t('published.option.tryAgain')}
            </Button>
            {option.createdPostId ? (
              <Link
                to={`/post/${encodeURIComponent(option.createdPostId)}`}
                className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-red-800 underline-offset-4 hover:underline"
              >
                {t('published.option.viewPost')}
              </Link>
            ) : null}
          </div>
        </Alert>
      ) : null}
    </div>
  );
}

/** 'Creating post...' → 'Generating public link...' → 'Post created and published!', announced politely. */
function PublishStatus({ stage, creating }: { stage: Stage; creating: boolean }) {
  const t = useT();
  const text =
    stage === 'generating'
      ? t('published.option.generating')
      : stage === 'done'
        ? t('published.option.createdPublic')
        : creating
          ? t('published.option.creating')
          : null;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-stone-700 empty:hidden">
      {text && stage !== 'done' ? <Spinner className="text-brand-600" /> : null}
      {text}
    </p>
  );
}
