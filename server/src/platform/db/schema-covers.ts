/** The covers module's tables (migration 0014). */
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

export interface CoverBackgroundsTable {
  id: Generated<number>;
  category: 'gradient' | 'pattern' | 'texture';
  name_zh: string;
  name_en: string;
  spec: Json<unknown>;
  sort: Generated<number>;
  retired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface CoverDesignsTable {
  id: Generated<number>;
  user_id: number;
  work_id: number | null;
  name: Generated<string>;
  doc: Json<unknown>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CoverFingerprintsTable {
  file_id: number;
  user_id: number;
  work_id: number | null;
  /** bit(64), read and written as a string of 64 '0'/'1'. */
  dhash: string;
  created_at: CreatedAt;
}

export interface CoversTables {
  cover_backgrounds: CoverBackgroundsTable;
  cover_designs: CoverDesignsTable;
  cover_fingerprints: CoverFingerprintsTable;
}
