import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, ExternalLink, Globe, RotateCw } from 'lucide-react';
import type { PublicPost } from '@shared/api/public-posts';
import { Alert } from '@web/components/alert';
import { Button, buttonClasses } from '@web/components/button';
import { Dialog } from '@web/components/dialog';
import { TextField } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { copyToClipboard } from '@web/lib/clipboard';
import { queryKeys } from '@web/lib/query-keys';
import { useTimedMessage } from '@web/lib/use-timed-message';
import { createPublicPost } from './api';
import { publishErrorMessage } from './publish-errors';
import { publicLinkHint, slugError, slugFromTitle } from './slug';

/**
 * The Publish dialog (spec sections 2, 4, 5 and 8): a slug field prefilled from the title; Enter
 * submits. States: idle → pending → success (the public link with Copy and Open in new tab) or error
 * (an Error view with the reason, and Try Again back to the form). It cannot be closed while pending.
 */
export function PublishDialog({
  post,
  open,
  onOpenChange,
  onPublished,
}: {
  post: { id: string; tldr: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server gave the post its public address (e.g. to update cached posts). */
  onPublished?: (publicPost: PublicPost) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState(() => slugFromTitle(post.tldr));
  const [fieldError, setFieldError] = useState<string | null>(null);
  // Each opening starts afresh from the title ("adjusting state when a prop changes").
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setSlug(slugFromTitle(post.tldr));
      setFieldError(null);
    }
  }

  const publish = useMutation({
    mutationFn: (value: string) => createPublicPost(post.id, value),
    onSuccess: (publicPost) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.publicPosts.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.published.all });
      onPublished?.(publicPost);
    },
    onError: (error) => console.error(`Could not publish post ${post.id}`, error),
  });

  function changeOpen(next: boolean) {
    if (publish.isPending) return;
    if (!next) publish.reset();
    onOpenChange(next);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (publish.isPending) return;
    const problem = slugError(slug);
    setFieldError(problem);
    if (problem) return;
    publish.mutate(slug.trim());
  }

  const title = publish.isSuccess
    ? t('published.dialog.successTitle')
    : publish.isError
      ? t('published.dialog.errorTitle')
      : t('published.dialog.title');

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      dismissible={!publish.isPending}
      title={title}
      description={publish.isIdle || publish.isPending ? t('published.dialog.description') : undefined}
    >
      {publish.isSuccess ? (
        <PublishedLink url={publish.data.public_url} onDone={() => changeOpen(false)} />
      ) : publish.isError ? (
        <div className="space-y-4">
          <Alert>
            <p className="font-medium">{publishErrorMessage(publish.error)}</p>
            <p>{t('published.dialog.failedRetry')}</p>
          </Alert>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" size="lg" className="sm:h-10" onClick={() => changeOpen(false)}>
              {t('published.dialog.close')}
            </Button>
            <Button size="lg" className="sm:h-10" onClick={() => publish.reset()} autoFocus>
              <RotateCw className="size-4" aria-hidden="true" />
              {t('published.dialog.tryAgain')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          <TextField
            label={t('published.slug.label')}
            name="slug"
            required
            autoFocus
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            value={slug}
            disabled={publish.isPending}
            error={fieldError ?? undefined}
            hint={publicLinkHint(slug)}
            onChange={(event) => {
              setSlug(event.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              size="lg"
              className="sm:h-10"
              disabled={publish.isPending}
              onClick={() => changeOpen(false)}
            >
              {t('published.dialog.cancel')}
            </Button>
            <Button type="submit" size="lg" className="sm:h-10" busy={publish.isPending}>
              {publish.isPending ? null : <Globe className="size-4" aria-hidden="true" />}
              {publish.isPending ? t('published.publish.busy') : t('published.publish.action')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** The public address, with Copy and Open in new tab. */
export function PublishedLink({ url, onDone }: { url: string; onDone?: () => void }) {
  const t = useT();
  const labelId = useId();
  const copied = useTimedMessage(2000);
  const [copyFailed, setCopyFailed] = useState(false);

  async function copy() {
    try {
      await copyToClipboard(url);
      setCopyFailed(false);
      copied.show(t('published.link.copied'));
    } catch (error) {
      console.error('Copy failed', error);
      setCopyFailed(true);
    }
  }

  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <p id={labelId} className="text-sm font-medium text-stone-800">
          {t('published.link.label')}
        </p>
        {/* All of it, wrapped: the slug at its end is what the member checks. */}
        <p
          aria-labelledby={labelId}
          className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2.5 font-mono text-sm break-all text-stone-800 select-all"
        >
          {url}
        </p>
        {copyFailed ? <p className="text-sm text-red-700">{t('published.link.copyFailed')}</p> : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onDone ? (
          <Button variant="ghost" size="lg" className="sm:h-10" onClick={onDone}>
            {t('published.link.done')}
          </Button>
        ) : null}
        <Button variant="outline" size="lg" className="sm:h-10" onClick={() => void copy()}>
          {copied.message ? (
            <Check className="size-4 text-emerald-600" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied.message ?? t('published.link.copy')}
        </Button>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ size: 'lg', className: 'sm:h-10' })}
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t('published.link.openInNewTab')}
        </a>
      </div>
    </div>
  );
}
