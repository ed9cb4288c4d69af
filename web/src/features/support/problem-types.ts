import { PROBLEM_TYPES } from '@trackline/contract/content-types';
import type { zhCN } from '../../i18n/zh-cn';

type ProblemTypeKey = keyof typeof zhCN.problem.types;

/** The nine types of spec §5, in its order; values 1–9 (contract PROBLEM_TYPES). */
const TYPE_KEYS: readonly ProblemTypeKey[] = [
  'registration',
  'information',
  'ownership',
  'bug',
  'channel',
  'works',
  'bill',
  'withdrawal',
  'operation',
];

export const PROBLEM_TYPE_OPTIONS = TYPE_KEYS.map((key, index) => ({ key, value: PROBLEM_TYPES[index]! }));
