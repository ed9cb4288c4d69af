/** The cover console's side of the catalogue: every background (retired ones too), adding one, retiring one. */
import type { BackgroundSpec } from '@trackline/contract/covers';
import { API } from '@trackline/contract/paths';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import * as repo from './covers.repository';
import { specHash } from './covers.service';

export async function allBackgrounds(deps: Deps) {
  const rows = await repo.listBackgrounds(deps.database.db, { includeRetired: true });
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    name_zh: r.name_zh,
    name_en: r.name_en,
    spec: r.spec as BackgroundSpec,
    retired: r.retired_at !== null,
    thumb: `${API.covers.thumb}/${r.id}.jpg?v=${specHash(r.spec)}`,
    created_at: r.created_at.toISOString(),
  }));
}

export async function addBackground(
  deps: Deps,
  staffId: number,
  body: { name_zh: string; name_en: string; spec: BackgroundSpec },
): Promise<{ id: number }> {
  return repo.insertBackground(deps.database.db, { category: body.spec.category, ...body, staffId });
}

export async function retireBackground(deps: Deps, id: number, retired: boolean): Promise<void> {
  if (!(await repo.setBackgroundRetired(deps.database.db, id, retired))) throw new AppError('COVER_BACKGROUND_UNKNOWN');
}
