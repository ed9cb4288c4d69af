/**
 * The work-order queue (support staff, admins): the filtered, paged list; one order with its thread; replying
 * (with a status and optional console images), assigning and closing. Each change refreshes the list and the order.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type {
  AdminWorkorderDetailData,
  AdminWorkorderListData,
  WorkorderStaffReplyStatus,
  WorkorderStatus,
} from '@trackline/contract/workorder-types';
import { apiGet, apiPost, apiUpload } from '../../api/client';
import { ADMIN_KEYS } from '../shell/query-keys';

export const WORKORDER_QUEUE_PAGE_SIZE = 20;

export interface QueueFilters {
  status?: WorkorderStatus;
  type?: number;
  assignee?: 'me' | 'none';
  page: number;
}

export function useWorkorderQueue(filters: QueueFilters) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.workorders, 'list', filters],
    queryFn: async ({ signal }) => {
      const answer = await apiGet<AdminWorkorderListData>(
        API.admin.workorderList,
        { ...filters, limit: WORKORDER_QUEUE_PAGE_SIZE },
        { signal },
      );
      return answer.data;
    },
    placeholderData: keepPreviousData,
  });
}

export function useWorkorderDetail(id: number | null) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.workorders, 'detail', id],
    queryFn: async ({ signal }) =>
      (await apiGet<AdminWorkorderDetailData>(API.admin.workorderDetail, { id }, { signal })).data,
    enabled: id !== null,
  });
}

function useRefreshing<T, B>(call: (body: B) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.workorders }),
  });
}

export interface StaffReplyBody {
  id: number;
  content: string;
  status: WorkorderStaffReplyStatus;
  attachments: string[];
}

export function useStaffReply() {
  return useRefreshing((body: StaffReplyBody) =>
    apiPost<{ id: number; status: WorkorderStaffReplyStatus }>(API.admin.workorderReply, body),
  );
}

export function useAssignWorkorder() {
  return useRefreshing((body: { id: number; staff_id: number | null }) =>
    apiPost<null>(API.admin.workorderAssign, body),
  );
}

export function useCloseWorkorder() {
  return useRefreshing((id: number) => apiPost<{ closed: boolean }>(API.admin.workorderClose, { id }));
}

/** A console image for a reply; the reply sends its key (the server checks it exists under images/). */
export async function uploadReplyImage(file: File): Promise<{ url: string; key: string }> {
  const form = new FormData();
  form.append('file', file);
  return (await apiUpload<{ url: string; key: string }>(API.admin.upload, form)).data;
}
