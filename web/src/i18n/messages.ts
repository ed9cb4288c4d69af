import type { zhCN } from './zh-cn';

/** The shape of a translation: zh-CN's keys, any string values. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof zhCN>;
