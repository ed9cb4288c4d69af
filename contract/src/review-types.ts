/**
 * Answers of the editors' review calls (/api/admin/review/*). Zod-free, so the console imports it freely; the
 * request schemas are in works.ts, the work's own shapes in work-model.ts.
 */
import type { MaterialKind, PrereviewResult, ReleaseKind, WorkDetail, WorkEvent } from './work-model';
import type { WorkAction, WorkStatus } from './work-status';

/** The musician behind a work, as editors see them: the mobile masked (138****0000). */
export interface ReviewMusician {
  id: number;
  nickname: string;
  mobile: string;
  /** The verified real name, when the account has one. */
  real_name: string | null;
}

/** Where a work waits for an editor: first review (200/201), final review (300/301), to be marked online (990). */
export type ReviewQueueStage = 'first' | 'final' | 'distributing';

/** One work waiting for an editor (status 200/201 first review, 300/301 final review, 990 to be marked online). */
export interface ReviewListItem {
  id: number;
  kind: ReleaseKind;
  status: WorkStatus;
  stage: ReviewQueueStage;
  /**
   * A change to a work already online rather than a new work: status ending in 1, or a 990 work that has been online
   * before (its approved change waits to go live again).
   */
  change: boolean;
  title: string;
  version: string;
  primary_artists: string[];
  track_count: number;
  cover_url: string | null;
  musician: Omit<ReviewMusician, 'real_name'>;
  /** When the musician submitted it (ISO time); the queue is ordered by it, oldest first. */
  submitted_at: string | null;
  /** When it entered its current status (ISO time): for final review, when the first review passed it. */
  status_since: string;
  /** Seconds since submitted_at by the server's clock, so the age does not depend on the editor's clock. */
  age_seconds: number;
}

export interface ReviewListData {
  list: ReviewListItem[];
  total: number;
  page: number;
  limit: number;
}

/** A file of a track the console plays (main audio, accompaniment, short audio, karaoke). */
export interface ReviewAudio {
  track_id: number;
  position: number;
  track_title: string;
  kind: MaterialKind;
  url: string;
  name: string;
  meta: Record<string, unknown> | null;
}

/** A platform the work is to be distributed to, named in the caller's language (the code itself if unknown). */
export interface ReviewPlatform {
  code: string;
  name: string;
}

export interface ReviewDetailData {
  /** The work as its musician sees it; its authorization.pdf_url is the musician's own call, closed to staff. */
  work: WorkDetail;
  prereview: PrereviewResult;
  history: WorkEvent[];
  musician: ReviewMusician;
  audio: ReviewAudio[];
  /** What an editor may do to the work in its current status (pass_first, pass_final, reject, mark_online). */
  actions: WorkAction[];
  /** The signed authorization letter (PDF) through the editors' call; null when the work has none. */
  authorization_pdf_url: string | null;
  /** work.platforms with their names (Accept-Language), in the work's order. */
  platforms: ReviewPlatform[];
}

/** The codes a release carries once approved (pass_final): supplied by the musician or assigned then. */
export interface ReviewCodes {
  upc: string | null;
  tracks: Array<{ track_id: number; position: number; isrc: string | null }>;
  /** Which of them were assigned by this approval (the rest were supplied). */
  assigned: { upc: boolean; isrc_track_ids: number[] };
}

export interface ReviewActionResult {
  id: number;
  /** The work's status after the action. */
  status: WorkStatus;
  /** pass_final only: the release's codes. */
  codes?: ReviewCodes;
}
