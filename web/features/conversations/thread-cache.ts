import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Message } from '@shared/api/conversations';
import type { CursorPage } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';

/**
 * A thread keeps its messages as cursor pages under `queryKeys.conversations.messages(id)`: the
 * first page is the latest, each further page an older one, each page newest last. A message may
 * arrive twice (the member's own answer, then the live stream's refetch): placing is by id.
 */
export type MessagePages = InfiniteData<CursorPage<Message>, unknown>;

/** Every loaded message, oldest first. */
export function threadMessages(data: MessagePages | undefined): Message[] {
  return data ? [...data.pages].reverse().flatMap((page) => page.items) : [];
}

/** The member's own new message, at the end of the latest page (once, whatever came first). */
export function appendMessage(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<MessagePages>(
    queryKeys.conversations.messages(message.conversation_id),
    (data) => {
      if (!data?.pages.length) return data;
      if (data.pages.some((page) => page.items.some((item) => item.id === message.id)))
        return replaceIn(data, message);
      const [latest, ...older] = data.pages;
      return { ...data, pages: [{ ...latest!, items: [...latest!.items, message] }, ...older] };
    },
  );
}

/** A message as the server now has it (edited, or deleted for everyone), wherever it is loaded. */
export function replaceMessage(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<MessagePages>(queryKeys.conversations.messages(message.conversation_id), (data) =>
    data ? replaceIn(data, message) : data,
  );
}

function replaceIn(data: MessagePages, message: Message): MessagePages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === message.id ? message : item)),
    })),
  };
}
