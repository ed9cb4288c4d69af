import type { adminZhCN } from './zh-cn';

/** The same shape with any strings: what every language of the console must provide. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type AdminMessages = Shape<typeof adminZhCN>;

/** Every text key as a dotted path, e.g. 'staff.create'. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type AdminKey = Leaves<AdminMessages>;
