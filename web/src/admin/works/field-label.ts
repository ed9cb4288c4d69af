/**
 * The name of a work field as a pre-review issue gives it ('title', 'cover', 'tracks.0.isrc', 'primary_artists.1'),
 * in the console's words: "第 1 首 · ISRC". A field the console has no word for is shown as it is.
 */
import type { AdminKey, AdminT } from '../i18n';
import { reviewZhCN } from './review-zh-cn';

type FieldName = keyof typeof reviewZhCN.fields;

function isField(name: string | undefined): name is FieldName {
  return name !== undefined && Object.hasOwn(reviewZhCN.fields, name);
}

export function fieldLabel(field: string, t: AdminT): string {
  const parts = field.split('.');
  const named = (name: string | undefined) =>
    isField(name) ? t(`review.fields.${name}` as AdminKey) : (name ?? field);
  if (parts[0] === 'tracks' && parts[1] !== undefined && /^\d+$/.test(parts[1])) {
    const rest = parts.slice(2).find((p) => !/^\d+$/.test(p));
    const n = Number(parts[1]) + 1;
    return rest ? t('review.trackField', { n, field: named(rest) }) : t('review.trackHeading', { n, title: '' });
  }
  const first = parts.find((p) => !/^\d+$/.test(p));
  return isField(first) ? named(first) : field;
}
