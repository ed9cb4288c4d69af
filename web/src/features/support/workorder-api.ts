/**
 * Work orders (spec §7): my list, one order's thread, opening one, replying, and the attachment upload
 * (POST /api/common/upload, with progress). Opening an order marks support's replies read on the server, so the
 * list is refreshed after a detail loads.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type {
  UploadData,
  WorkorderDetailData,
  WorkorderListData,
  WorkorderStatus,
} from '@trackline/contract/workorder-types';
import type { WorkorderCreateBody, WorkorderReplyBody } from '@trackline/contract/workorders';
import { apiGet, apiPost, apiUploadWithProgress } from '../../api/client';

export const WORKORDER_PAGE_SIZE = 10;
const WORKORDER_KEY = ['workorders'] as const;
const LIST_KEY = [...WORKORDER_KEY, 'list'] as const;
const detailKey = (id: number) => [...WORKORDER_KEY, 'detail', id] as const;

export function useWorkorderList({ page, status }: { page: number; status?: WorkorderStatus }) {
  return useQuery({
    queryKey: [...LIST_KEY, { page, status }],
    queryFn: async ({ signal }) => {
      const params = { page, limit: WORKORDER_PAGE_SIZE, ...(status ? { status } : {}) };
      return (await apiGet<WorkorderListData>(API.workorderMy, params, { silent: true, signal })).data;
    },
    placeholderData: keepPreviousData,
  });
}

/** Silent: an unknown id (2070) is a not-found page, anything else the page's error state. */
export function useWorkorderDetail(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: async ({ signal }) => {
      const answer = await apiGet<WorkorderDetailData>(API.workorderDetail, { id }, { silent: true, signal });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      return answer.data;
    },
    enabled: id !== null,
    retry: false,
  });
}

/** Not silent: a refusal shows the server's message in the standard modal. */
export function useCreateWorkorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkorderCreateBody) => apiPost<{ id: number }>(API.workorderCreate, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

export function useReplyWorkorder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<WorkorderReplyBody, 'id'>) =>
      apiPost<{ id: number; status: WorkorderStatus }>(API.workorderReply, { ...body, id }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: detailKey(id) });
      void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

/** Silent: the upload list marks the failed file and says why. */
export async function uploadAttachment(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadData> {
  const form = new FormData();
  form.append('file', file);
  const answer = await apiUploadWithProgress<UploadData>(API.commonUpload, form, onProgress, { silent: true, signal });
  return answer.data;
}
