import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RotateCw, Search, SearchX, X } from 'lucide-react';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { Time } from '@web/components/time';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { messageSearchQueryOptions } from '../api';
import { messageInConversationPath } from '../paths';

/**
 * The search box of /messages: what is asked goes into the address (`?q=`), so Back returns to the
 * results. `onSearch` gets the trimmed text, or '' to go back to the conversations.
 */
export function MessageSearchForm({ query, onSearch }: { query: string; onSearch: (q: string) => void }) {
  const t = useT();
  const [text, setText] = useState(query);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form role="search" onSubmit={submit} className="mb-4 flex items-center gap-2">
      <label htmlFor="message-search" className="sr-only">
        {t('conversations.search.label')}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-stone-400"
          aria-hidden="true"
        />
        <input
          id="message-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('conversations.search.placeholder')}
          className="w-full rounded-xl border border-stone-300 bg-white py-2 ps-9 pe-3 text-sm text-stone-900 placeholder:text-stone-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        />
      </div>
      <Button type="submit" variant="outline" size="sm">
        {t('conversations.search.submit')}
      </Button>
      {query ? (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('conversations.search.clear')}
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          <X className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
    </form>
  );
}

/**
 * The messages holding every word of `query` (only those the member may read, newest first), each a
 * link that opens its conversation at the message.
 */
export function MessageSearchResults({ query }: { query: string }) {
  const t = useT();
  const results = useQuery(messageSearchQueryOptions(query));
  if (results.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('conversations.search.loading')} />
      </div>
    );
  if (results.isError)
    return (
      <Alert>
        <p>{t('conversations.search.loadError', { message: errorMessage(results.error) })}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void results.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('conversations.list.tryAgain')}
        </Button>
      </Alert>
    );
  if (results.data.length === 0)
    return (
      <EmptyState
        icon={SearchX}
        title={t('conversations.search.empty')}
        description={t('conversations.search.emptyDescription')}
      />
    );
  return (
    <ul
      aria-label={t('conversations.search.results', { query })}
      className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white"
    >
      {results.data.map(({ message, conversation, preview }) => {
        const sender = message.sender?.name ?? t('conversations.message.deletedMember');
        return (
          <li key={message.id}>
            <Link
              to={messageInConversationPath(conversation.id, message.id)}
              className="block px-4 py-3 hover:bg-stone-50 focus-visible:bg-stone-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset"
            >
              <span className="flex items-baseline gap-2">
                <span className="truncate text-sm font-semibold text-stone-900">{conversation.title}</span>
                <Time value={message.created_at} className="ms-auto shrink-0 text-xs text-stone-500" />
              </span>
              <span className="mt-0.5 line-clamp-2 text-sm text-stone-600">
                {t('conversations.search.line', {
                  own: message.is_owner ? 'yes' : 'no',
                  sender,
                  text: preview,
                })}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
