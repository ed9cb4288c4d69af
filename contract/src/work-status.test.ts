/**
 * The status machine against the transitions written out here independently of work-status.ts (issue 3, §4):
 * every status × action × actor is tried, and exactly the listed moves are allowed. Plus the source → code map.
 */
import { describe, expect, it } from 'vitest';
import { SOURCES, sourceCode } from './work-model';
import {
  allowedActions,
  canTransition,
  DELETABLE_STATUSES,
  EDITABLE_STATUSES,
  isChange,
  isEditable,
  nextStatus,
  resumeStep,
  STATUS_GROUPS,
  statusesOfGroup,
  statusGroup,
  WORK_STATUSES,
  type WorkAction,
  type WorkActor,
  type WorkStatus,
} from './work-status';

const ACTIONS: WorkAction[] = [
  'complete_info',
  'choose_scope',
  'submit',
  'withdraw',
  'pass_first',
  'pass_final',
  'reject',
  'reopen',
  'mark_online',
  'start_change',
  'discard_change',
  'stores_live',
  'take_down',
  'restore',
];
const ACTORS: WorkActor[] = ['user', 'editor', 'system'];

/** "from action actor to": the only moves there are. */
const EXPECTED = `
  00 complete_info user 10
  10 choose_scope user 100
  100 submit user 200
  200 withdraw user 100
  300 withdraw user 100
  200 pass_first editor 300
  300 pass_final editor 990
  200 reject editor 400
  300 reject editor 400
  400 reopen user 00
  990 mark_online editor 991
  991 start_change user 01
  01 complete_info user 11
  11 choose_scope user 101
  101 submit user 201
  201 withdraw user 101
  301 withdraw user 101
  201 pass_first editor 301
  301 pass_final editor 990
  201 reject editor 401
  301 reject editor 401
  401 reopen user 01
  01 discard_change user 991
  11 discard_change user 991
  101 discard_change user 991
  401 discard_change user 991
  990 stores_live system 991
  990 take_down user 992
  991 take_down user 992
  992 restore user 990
`
  .trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/) as [WorkStatus, WorkAction, WorkActor, WorkStatus]);

function expected(from: WorkStatus, action: WorkAction, actor: WorkActor): WorkStatus | null {
  return EXPECTED.find(([f, a, who]) => f === from && a === action && who === actor)?.[3] ?? null;
}

describe('work status transitions', () => {
  it('allows exactly the listed moves, for every status × action × actor', () => {
    let allowed = 0;
    let forbidden = 0;
    for (const from of WORK_STATUSES)
      for (const action of ACTIONS)
        for (const actor of ACTORS) {
          const want = expected(from, action, actor);
          expect(nextStatus(from, action, actor), `${from} ${action} by ${actor}`).toBe(want);
          if (want) allowed++;
          else forbidden++;
        }
    expect(allowed).toBe(EXPECTED.length);
    expect(allowed + forbidden).toBe(WORK_STATUSES.length * ACTIONS.length * ACTORS.length);
  });

  it('canTransition agrees for every pair of statuses and actor', () => {
    for (const from of WORK_STATUSES)
      for (const to of WORK_STATUSES)
        for (const actor of ACTORS) {
          const want = EXPECTED.some(([f, , who, t]) => f === from && who === actor && t === to);
          expect(canTransition(from, to, actor), `${from} → ${to} by ${actor}`).toBe(want);
        }
  });

  it('allowedActions lists what each actor may do in each status', () => {
    for (const status of WORK_STATUSES)
      for (const actor of ACTORS)
        expect(new Set(allowedActions(status, actor))).toEqual(
          new Set(EXPECTED.filter(([f, , who]) => f === status && who === actor).map(([, a]) => a)),
        );
  });

  it('editors never move a work the musician is editing, and musicians never review', () => {
    for (const status of EDITABLE_STATUSES) expect(allowedActions(status, 'editor')).toEqual([]);
    for (const action of ['pass_first', 'pass_final', 'reject', 'mark_online'] as const)
      for (const status of WORK_STATUSES) expect(nextStatus(status, action, 'user')).toBeNull();
  });

  it('says which statuses are editable, deletable, changes, and where to resume', () => {
    expect([...EDITABLE_STATUSES].sort()).toEqual(['00', '01', '10', '100', '101', '11']);
    expect(WORK_STATUSES.filter(isEditable)).toEqual(['00', '01', '10', '11', '100', '101']);
    // only new works never online, and never while an editor has them
    expect([...DELETABLE_STATUSES]).toEqual(['00', '10', '100', '400']);
    expect(WORK_STATUSES.filter(isChange)).toEqual(['01', '11', '101', '201', '301', '401']);
    const steps = Object.fromEntries(WORK_STATUSES.map((s) => [s, resumeStep(s)]));
    expect(steps).toEqual({
      '00': 1,
      '01': 1,
      '10': 2,
      '11': 2,
      '100': 3,
      '101': 3,
      '200': null,
      '201': null,
      '300': null,
      '301': null,
      '400': null,
      '401': null,
      '990': null,
      '991': null,
      '992': null,
    });
  });

  it('groups the statuses as §4 labels them', () => {
    expect(Object.fromEntries(STATUS_GROUPS.map((g) => [g, statusesOfGroup(g)]))).toEqual({
      awaiting_info: ['00', '01'],
      choose_scope: ['10', '11'],
      awaiting_signature: ['100', '101'],
      under_review: ['200', '201', '300', '301'],
      rejected: ['400', '401'],
      distributing: ['990'],
      online: ['991'],
      taken_down: ['992'],
    });
    for (const s of WORK_STATUSES) expect(statusesOfGroup(statusGroup(s))).toContain(s);
  });
});

describe('source → code', () => {
  it('maps 1, 2, 6, 7 to Y; 3, 4 to Y1; 5 to Y0; 8 to N', () => {
    expect(Object.fromEntries(SOURCES.map((s) => [s, sourceCode(s)]))).toEqual({
      1: 'Y',
      2: 'Y',
      3: 'Y1',
      4: 'Y1',
      5: 'Y0',
      6: 'Y',
      7: 'Y',
      8: 'N',
    });
  });
});
