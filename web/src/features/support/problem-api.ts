/** Problem feedback (spec §5, §7): POST /api/problem/add_pro { type, content, mobile }; success is code 1 + msg. */
import { API } from '@trackline/contract/paths';
import { apiPost } from '../../api/client';

export interface ProblemRequest {
  /** 1–9, the types of §5 in order (PROBLEM_TYPES). */
  type: number;
  content: string;
  mobile?: string;
}

/** Not silent: a refusal shows the standard modal, and the form only stops its loading state (§8). */
export function submitProblem(body: ProblemRequest) {
  return apiPost<null>(API.problemAdd, body);
}
