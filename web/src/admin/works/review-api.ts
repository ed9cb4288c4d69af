/**
 * The editors' review calls (/api/admin/review/*, roles editor and admin): the queue (first review 200/201, final
 * review 300/301, approved works awaiting online 990, or all of them), one work with its pre-review and history, and
 * the three decisions — approve (200 → 300, 300 → 990), reject (→ 400/401 with a reason) and mark online
 * (990 → 991).
 *
 * Every decision refreshes the queue and the work, whether it succeeded or not: a refusal such as
 * WORK_STATUS_CONFLICT (another editor acted first) has already been shown by the client, and the page then shows
 * the status the work really has.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type { ReviewActionResult, ReviewDetailData, ReviewListData } from '@trackline/contract/review-types';
import type { RejectReason } from '@trackline/contract/work-model';
import type { WorkStatus } from '@trackline/contract/work-status';
import type { ReviewListQuery } from '@trackline/contract/works';
import { useTranslation } from 'react-i18next';
import { apiGet, apiPost } from '../../api/client';
import { ADMIN_KEYS } from '../shell/query-keys';

export const REVIEW_QUEUE_PAGE_SIZE = 20;

export type ReviewFilters = Pick<ReviewListQuery, 'page' | 'stage' | 'keyword' | 'version'>;

const listKey = [...ADMIN_KEYS.review, 'list'] as const;
/** With the language: the detail names platforms in the caller's language (Accept-Language), so a switch refetches. */
const detailKey = (id: number, language: string) => [...ADMIN_KEYS.review, 'detail', id, language] as const;

export function useReviewQueue(filters: ReviewFilters) {
  return useQuery({
    queryKey: [...listKey, filters],
    queryFn: async ({ signal }) =>
      (await apiGet<ReviewListData>(API.admin.reviewList, { ...filters, limit: REVIEW_QUEUE_PAGE_SIZE }, { signal }))
        .data,
    placeholderData: keepPreviousData,
  });
}

export function useReviewDetail(id: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: detailKey(id, i18n.language),
    // Silent: the page shows "not found" or a retry itself.
    queryFn: async ({ signal }) =>
      (await apiGet<ReviewDetailData>(API.admin.reviewDetail, { id }, { signal, silent: true })).data,
    retry: false,
    // An editor decides on what is stored now, never on a copy cached while someone else acted.
    staleTime: 0,
  });
}

/**
 * `status` is the status the editor saw: the server refuses (WORK_STATUS_CONFLICT) when the work has moved on since,
 * so approving what was shown as first review can never pass a final review instead.
 */
export type ReviewDecision =
  | { action: 'pass_first' | 'pass_final'; id: number; status: WorkStatus; remark: string }
  | { action: 'reject'; id: number; status: WorkStatus; reason: RejectReason; remark: string }
  | { action: 'mark_online'; id: number; status: WorkStatus; remark: string; beforeRelease?: boolean };

/** The statuses the server takes as "the status the editor saw" (review statuses only). */
const SEEN = ['200', '201', '300', '301'];
const seen = (status: WorkStatus) => (SEEN.includes(status) ? status : undefined);

function decide(decision: ReviewDecision) {
  switch (decision.action) {
    case 'pass_first':
    case 'pass_final':
      // One call for both stages: the server moves the work on from the status the editor saw (200 → 300, 300 → 990).
      return apiPost<ReviewActionResult>(API.admin.reviewApprove, {
        id: decision.id,
        status: seen(decision.status),
        remark: decision.remark,
      });
    case 'reject':
      return apiPost<ReviewActionResult>(API.admin.reviewReject, {
        id: decision.id,
        status: seen(decision.status),
        reason: decision.reason,
        remark: decision.remark,
      });
    case 'mark_online':
      // Only 990 can be marked online, so there is no other status it could be confused with.
      // Before the release date only with the editor's confirmation (the dialog asks, naming the date; else 2251).
      return apiPost<ReviewActionResult>(API.admin.reviewOnline, {
        id: decision.id,
        remark: decision.remark,
        before_release: decision.beforeRelease === true,
      });
  }
}

export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.review }),
  });
}
