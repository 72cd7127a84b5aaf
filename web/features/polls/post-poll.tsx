import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import type { Poll } from '@shared/api/polls';
import type { Post } from '@shared/api/posts';
import { Button } from '@web/components/button';
import { useLocale, useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { useLiveEvents } from '@web/lib/live-events';
import { updateCachedPost } from '@web/features/posts/post-cache';
import { queryKeys } from '@web/lib/query-keys';
import { fetchPoll, fetchPollVoters, retractPollVote, votePoll } from './api';
import { closesIn, percentOf } from './poll-times';

/** A moment after the closing time, so the server's clock has passed it too. */
const CLOSING_MARGIN_MS = 1000;
/** The longest wait a browser timer holds (about 24 days); a poll closing later is seen on a later load. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A post's poll on its card and its page (ADR 058): a radio or checkbox group with a legend to vote,
 * then the results as bars with percentages and counts once they show to the member, "N votes",
 * when it closes, and Change vote / Take back vote while it is open; at its closing time it loads
 * again. An anonymous vote is final, and the poll says so before one is given. Live: when anyone
 * votes, the poll is loaded again as this member may see it.
 */
export function PostPoll({ post, className }: { post: Pick<Post, 'id' | 'poll'>; className?: string }) {
  const poll = post.poll;
  if (!poll) return null;
  return <PollBox postId={post.id} poll={poll} className={className} />;
}

function PollBox({ postId, poll, className }: { postId: string; poll: Poll; className?: string }) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  const show = (next: Poll) => updateCachedPost(queryClient, postId, (post) => ({ ...post, poll: next }));

  useLiveEvents((event) => {
    if (event.type !== 'poll.updated' || event.postId !== postId) return;
    // Gone or hidden since the event left: the next load of the post says so.
    fetchPoll(postId).then(show, () => undefined);
  });

  // When its closing time comes, the poll is loaded again: it shows closed, with its results.
  const closesAtText = poll.closed ? null : poll.closes_at;
  useEffect(() => {
    if (!closesAtText) return;
    const wait = new Date(closesAtText).getTime() - Date.now() + CLOSING_MARGIN_MS;
    if (wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => fetchPoll(postId).then(show, () => undefined), Math.max(0, wait));
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `show` is new each render; the timer is the poll's
  }, [postId, closesAtText]);

  const vote = useMutation({
    mutationFn: (optionIds: string[]) => votePoll(postId, optionIds),
    onSuccess: (next) => {
      show(next);
      setChanging(false);
    },
  });
  const retract = useMutation({ mutationFn: () => retractPollVote(postId), onSuccess: show });

  const voting = poll.can_vote && (!poll.voted || changing);
  const closesAt = poll.closes_at ? new Date(poll.closes_at) : null;

  return (
    // The poll's own clicks never open the post (a card opens on a click in its free space).
    <section
      className={cn('rounded-xl border border-stone-200 bg-stone-50/60 p-3 sm:p-4', className)}
      onClick={(event) => event.stopPropagation()}
      aria-label={t('polls.poll.label')}
    >
      {voting ? (
        <VoteForm
          poll={poll}
          busy={vote.isPending}
          onVote={(ids) => vote.mutate(ids)}
          onCancel={changing ? () => setChanging(false) : undefined}
        />
      ) : (
        <>
          <Results poll={poll} />
          {poll.results_visible && !poll.anonymous && poll.voters_count > 0 ? (
            <WhoVoted postId={postId} poll={poll} />
          ) : null}
        </>
      )}
      {vote.isError || retract.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('polls.poll.failed')}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-stone-600">
        <span>{t('polls.poll.votes', { count: poll.voters_count })}</span>
        <span aria-hidden="true">·</span>
        <span>
          {poll.closed
            ? t('polls.poll.closed')
            : closesAt
              ? t('polls.poll.closesIn', { when: closesIn(closesAt, new Date(), locale) })
              : t('polls.poll.open')}
        </span>
        {poll.anonymous ? (
          <>
            <span aria-hidden="true">·</span>
            <span>{t('polls.poll.anonymous')}</span>
          </>
        ) : null}
        {!voting && poll.voted && poll.can_vote ? (
          <span className="ms-auto flex gap-2">
            <Button size="sm" variant="outline" onClick={() => setChanging(true)}>
              {t('polls.poll.change')}
            </Button>
            <Button size="sm" variant="ghost" busy={retract.isPending} onClick={() => retract.mutate()}>
              {t('polls.poll.retract')}
            </Button>
          </span>
        ) : null}
      </div>
      {poll.anonymous && poll.can_vote ? (
        <p className="mt-2 text-xs text-stone-500">{t('polls.poll.anonymousFinal')}</p>
      ) : null}
    </section>
  );
}

/** The options as a radio group (one choice) or checkboxes (several), with a legend, and Vote. */
function VoteForm({
  poll,
  busy,
  onVote,
  onCancel,
}: {
  poll: Poll;
  busy: boolean;
  onVote: (optionIds: string[]) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const name = useId();
  const [chosen, setChosen] = useState<string[]>(poll.my_option_ids);

  function toggle(id: string, on: boolean) {
    if (!poll.multiple) return setChosen([id]);
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen.length > 0) onVote(chosen);
  }

  return (
    <form onSubmit={submit}>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-800">
          {poll.multiple ? t('polls.poll.chooseAny') : t('polls.poll.chooseOne')}
        </legend>
        <div className="space-y-1.5">
          {poll.options.map((option) => (
            <label
              key={option.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm text-stone-800 hover:border-stone-300 has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50"
            >
              <input
                type={poll.multiple ? 'checkbox' : 'radio'}
                name={name}
                value={option.id}
                className="size-4 shrink-0 accent-brand-600"
                checked={chosen.includes(option.id)}
                onChange={(change) => toggle(option.id, change.target.checked)}
              />
              <span className="min-w-0 break-words">{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3 flex gap-2">
        <Button type="submit" size="sm" busy={busy} disabled={chosen.length === 0}>
          {t('polls.poll.vote')}
        </Button>
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t('polls.poll.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The options with their bars once results show; before, the options and when results will show. */
function Results({ poll }: { poll: Poll }) {
  const t = useT();
  return (
    <>
      <ul className="space-y-2">
        {poll.options.map((option) => {
          const mine = poll.my_option_ids.includes(option.id);
          const percent = option.votes === null ? null : percentOf(option.votes, poll.voters_count);
          return (
            <li key={option.id} className="text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <span className={cn('min-w-0 break-words text-stone-800', mine && 'font-semibold')}>
                  {mine ? <Check className="me-1 inline size-4 text-brand-700" aria-hidden="true" /> : null}
                  {option.label}
                  {mine ? <span className="sr-only"> ({t('polls.poll.yourChoice')})</span> : null}
                </span>
                {percent !== null && option.votes !== null ? (
                  <span className="shrink-0 text-stone-600 tabular-nums">
                    {t('polls.poll.share', { percent, count: option.votes })}
                  </span>
                ) : null}
              </div>
              {percent !== null ? (
                <div className="mt-1 h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
                  <div
                    className={cn('h-full rounded-full', mine ? 'bg-brand-600' : 'bg-stone-500')}
                    style={{ width: `${percent}%` }}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {!poll.results_visible ? (
        <p className="mt-2 text-xs text-stone-500">
          {poll.results === 'after_closing' ? t('polls.poll.afterClosing') : t('polls.poll.afterVoting')}
        </p>
      ) : null}
    </>
  );
}

/**
 * "Who voted", folded: opening it loads who chose each option (GET …/poll/voters), again after the
 * count changes. Only for a poll that is not anonymous and whose results show to the member.
 */
function WhoVoted({ postId, poll }: { postId: string; poll: Poll }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const voters = useQuery({
    queryKey: queryKeys.polls.voters(postId, poll.voters_count),
    queryFn: () => fetchPollVoters(postId),
    enabled: open,
  });
  const labelOf = (optionId: string) => poll.options.find((option) => option.id === optionId)?.label ?? '';
  return (
    <details className="mt-3 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer rounded-sm text-brand-700 hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
        {t('polls.poll.whoVoted')}
      </summary>
      {voters.isError ? (
        <p className="mt-2 text-red-700">{t('polls.poll.votersFailed')}</p>
      ) : (
        <dl className="mt-2 space-y-1.5">
          {voters.data
            ?.filter((option) => option.voters.length > 0)
            .map((option) => (
              <div key={option.option_id}>
                <dt className="font-medium text-stone-800">{labelOf(option.option_id)}</dt>
                <dd className="flex flex-wrap gap-x-3 gap-y-1 text-stone-700">
                  {option.voters.map((voter) => (
                    <Link
                      key={voter.profile_id}
                      to={`/profiles/${encodeURIComponent(voter.profile_id)}`}
                      className="rounded-sm hover:text-brand-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                    >
                      {voter.name}
                    </Link>
                  ))}
                </dd>
              </div>
            ))}
        </dl>
      )}
    </details>
  );
}
