import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, MessageSquareHeart, Send } from 'lucide-react';
import { APP_NAME, LIMITS } from '@shared/domain/constants';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader } from '@web/components/card';
import { Dialog } from '@web/components/dialog';
import { Label, Textarea } from '@web/components/input';
import { useT } from '@web/i18n/i18n';
import { useDelayedNavigate } from '@web/lib/use-delayed-navigate';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { sendFeedback } from './api';
import { FEEDBACK_REDIRECT_MS, FEEDBACK_TEXT as TEXT, FEEDBACK_TEXTAREA_ROWS } from './messages';

/**
 * /share-feedback (spec sections 2, 4, 8): editing → submitting → a thank-you that returns to
 * /dashboard after 3 seconds, or an error dialog.
 */
export function FeedbackPage() {
  const t = useT();
  useDocumentTitle(t(TEXT.title));
  const id = useId();
  const [content, setContent] = useState('');
  const [errorOpen, setErrorOpen] = useState(false);
  const send = useMutation({
    mutationFn: sendFeedback,
    onError: (error) => {
      console.error('Could not send feedback', error);
      setErrorOpen(true);
    },
  });
  useDelayedNavigate(send.isSuccess, '/dashboard', FEEDBACK_REDIRECT_MS);

  const blank = !content.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || send.isPending) return;
    send.mutate(content.trim());
  }

  if (send.isSuccess) {
    return (
      <Card className="mx-auto max-w-xl">
        <CardBody className="flex flex-col items-center py-12 text-center sm:py-14">
          <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-1 ring-emerald-100">
            <CircleCheck className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-stone-900" role="status">
            {t(TEXT.thanks)}
          </h1>
          <p className="mt-2 max-w-sm text-stone-600">
            {t('feedback.page.readEveryNote', { app: APP_NAME })}
          </p>
          <p className="mt-1 text-sm text-stone-500">{t('feedback.page.takingYouBack')}</p>
          <ButtonLink to="/dashboard" className="mt-7">
            {t(TEXT.returnToDashboard)}
          </ButtonLink>
        </CardBody>
      </Card>
    );
  }

  return (
    <>
      <Card className="mx-auto max-w-xl">
        <CardHeader>
          <span className="mb-2 flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
            <MessageSquareHeart className="size-5" aria-hidden="true" />
          </span>
          <h1 className="text-xl font-semibold tracking-tight text-stone-900">{t(TEXT.title)}</h1>
          <CardDescription>{t('feedback.page.intro', { app: APP_NAME })}</CardDescription>
        </CardHeader>
        <CardBody>
          <form onSubmit={submit} className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor={id} className="sr-only">
                {t('feedback.page.fieldLabel')}
              </Label>
              <Textarea
                id={id}
                name="content"
                rows={FEEDBACK_TEXTAREA_ROWS}
                maxLength={LIMITS.feedbackContent}
                placeholder={t(TEXT.placeholder)}
                value={content}
                disabled={send.isPending}
                onChange={(event) => setContent(event.target.value)}
                autoFocus
              />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <ButtonLink to="/dashboard" variant="outline">
                {t(TEXT.cancel)}
              </ButtonLink>
              <Button type="submit" disabled={blank} busy={send.isPending}>
                {send.isPending ? null : <Send className="size-4" aria-hidden="true" />}
                {t(send.isPending ? TEXT.submitting : TEXT.submit)}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>

      <Dialog
        open={errorOpen}
        onOpenChange={setErrorOpen}
        title={t(TEXT.errorTitle)}
        description={t(TEXT.errorText)}
      >
        <div className="flex justify-end">
          <Button onClick={() => setErrorOpen(false)}>{t('feedback.page.ok')}</Button>
        </div>
      </Dialog>
    </>
  );
}
