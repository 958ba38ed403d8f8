import { useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationListDto } from '../../../core/contracts/notifications.ts';
import { apiFetch } from '../../platform/api.ts';
import { recentMessagesQueryKey } from '../../common/query-keys.ts';

/**
 * `GET /api/notifications`, newest first, `pageSize` per page; `fetchNextPage` continues with `before`.
 * SPEC §9 freshness applies (no polling): the card offers a Refresh button instead.
 */
export function useRecentMessages(pageSize = 10) {
  return useInfiniteQuery({
    queryKey: [...recentMessagesQueryKey, pageSize],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      apiFetch<NotificationListDto>(
        `/api/notifications?limit=${pageSize}${pageParam === null ? '' : `&before=${pageParam}`}`,
      ),
    getNextPageParam: (last) => last.next_before,
  });
}
