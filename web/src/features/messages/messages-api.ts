/**
 * System messages (spec §7): the paged list, reading one, and reading all. Each answer carries the new unread
 * count, which goes straight into the bell's query so the header badge changes at once.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageItem, MessageListData } from '@trackline/contract/messages-types';
import { API } from '@trackline/contract/paths';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../api/client';
import { QUERY_KEYS } from '../../lib/query-keys';

export const MESSAGE_PAGE_SIZE = 10;
const MESSAGE_LIST_KEY = ['messages', 'list'] as const;

export interface MessageListParams {
  page: number;
  unreadOnly: boolean;
}

/** The list in the UI's language: system messages are rendered by the server in the reader's language (issue 9). */
export function useMessageList({ page, unreadOnly }: MessageListParams) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...MESSAGE_LIST_KEY, { page, unreadOnly, lang: i18n.language }],
    queryFn: async ({ signal }) => {
      const params = { page, limit: MESSAGE_PAGE_SIZE, ...(unreadOnly ? { unread: 1 } : {}) };
      const answer = await apiGet<MessageListData>(API.messageList, params, { silent: true, signal });
      queryClient.setQueryData(QUERY_KEYS.unreadCount, answer.data.unread);
      return answer.data;
    },
    placeholderData: keepPreviousData,
  });
}

/** Marks one message read in every cached page (the list stays as it is until the next visit). */
function markCached(queryClient: ReturnType<typeof useQueryClient>, id: number | null): void {
  queryClient.setQueriesData<MessageListData>({ queryKey: MESSAGE_LIST_KEY }, (data) =>
    data
      ? {
          ...data,
          list: data.list.map((item): MessageItem => (id === null || item.id === id ? { ...item, read: 1 } : item)),
        }
      : data,
  );
}

export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    // Silent: a failed "mark read" is not worth a modal; the message is still shown.
    mutationFn: (id: number) => apiGet<{ unread: number }>(API.messageRead, { id }, { silent: true }),
    onSuccess: (answer, id) => {
      markCached(queryClient, id);
      queryClient.setQueryData(QUERY_KEYS.unreadCount, answer.data.unread);
    },
    onError: (error) => console.error('The message could not be marked read', error),
  });
}

export function useReadAllMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiGet<{ marked: number; unread: number }>(API.messageReadAll),
    onSuccess: (answer) => {
      markCached(queryClient, null);
      queryClient.setQueryData(QUERY_KEYS.unreadCount, answer.data.unread);
      void queryClient.invalidateQueries({ queryKey: MESSAGE_LIST_KEY });
    },
  });
}
