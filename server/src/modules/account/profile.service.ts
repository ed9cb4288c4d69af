/**
 * The personal centre (issue 10): who the caller is, what is still to do, and saving the profile — nickname, bio,
 * the artist names they publish under (step 1 prefills works with them) and an avatar cropped square on the server.
 */
import { randomUUID } from 'node:crypto';
import type { ProfileBody, ProfileData, TodoItem } from '@trackline/contract/account-centre';
import { profileBody } from '@trackline/contract/account-centre';
import { GROUP_ENTERPRISE } from '@trackline/contract/account-groups';
import { maskMobile } from '@trackline/contract/identifiers';
import sharp from 'sharp';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { evictSubjectHere, subjectChangedAtCommit } from '../../platform/http/sessions';
import { imageMetadata, tooLarge } from '../media/image';
import { markFilePublic } from '../storage/file-access';
import { findUserFileWithMeta, insertUserFile } from '../storage/storage.repository';
import { imagePrefix } from './account.service';
import { insertEvent, pendingDeletion } from './centre.repository';

/** The avatar's side in pixels: sharp on the header, 2× its largest showing (the centre's 112 px). */
export const AVATAR_SIDE = 256;

/** Where real-name and enterprise verification live (the realname branch's pages); linked, not built here. */
export const REALNAME_ROUTE = '/realidcation';
export const WITHDRAW_ROUTE = '/person-center/withdraw';

function todosOf(user: { group_id: number; is_verify: number }): TodoItem[] {
  const verified = user.is_verify === 1;
  const items: TodoItem[] = [];
  if (user.group_id === GROUP_ENTERPRISE) {
    items.push({ key: 'enterprise_licence', state: verified ? 'done' : 'todo', link: REALNAME_ROUTE });
  } else {
    items.push({ key: 'real_name', state: verified ? 'done' : 'todo', link: REALNAME_ROUTE });
  }
  // Bank cards are the withdrawals module's (issue 12): the centre links there, where their state is shown.
  items.push({ key: 'bank_card', state: 'check', link: WITHDRAW_ROUTE });
  return items;
}

export async function profileOf(deps: Deps, userId: number): Promise<ProfileData> {
  const { db } = deps.database;
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'nickname',
      'avatar',
      'bio',
      'artist_names',
      'group_id',
      'is_verify',
      'real_name',
      'company_name',
      'mobile',
      'rate',
      'created_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('LOGIN_INVALID');
  const deletion = await pendingDeletion(db, userId);
  return {
    id: user.id,
    nickname: user.nickname,
    avatar: user.avatar,
    domain: imagePrefix(deps),
    bio: user.bio,
    artist_names: user.artist_names,
    group_id: user.group_id,
    is_verify: user.is_verify === 1 ? 1 : 0,
    real_name: user.real_name,
    company_name: user.company_name,
    mobile_masked: maskMobile(user.mobile),
    rate: user.rate,
    created_at: user.created_at.toISOString(),
    todos: todosOf(user),
    deletion: deletion
      ? { requested_at: deletion.requested_at.toISOString(), erase_at: deletion.erase_at.toISOString() }
      : null,
  };
}

/** Crops the caller's uploaded image to the square asked and stores it as their (public) avatar; answers its key. */
async function makeAvatar(deps: Deps, userId: number, crop: NonNullable<ProfileBody['avatar']>): Promise<string> {
  const file = await findUserFileWithMeta(deps.database.db, userId, crop.key);
  if (file?.kind !== 'image') throw new AppError('AVATAR_INVALID');
  const source = await deps.storage.get(crop.key);
  if (!source) throw new AppError('AVATAR_INVALID');
  const header = await imageMetadata(source);
  if (!header || tooLarge(header)) throw new AppError('AVATAR_INVALID');
  let out: Buffer;
  try {
    // Rotated upright first (EXIF), as the browser showed it when the square was chosen.
    const upright = await sharp(source, { failOn: 'error' }).rotate().toBuffer({ resolveWithObject: true });
    const { width, height } = upright.info;
    if (crop.x + crop.size > width || crop.y + crop.size > height) throw new AppError('AVATAR_CROP_OUTSIDE');
    out = await sharp(upright.data)
      .extract({ left: crop.x, top: crop.y, width: crop.size, height: crop.size })
      .resize(AVATAR_SIDE, AVATAR_SIDE)
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('AVATAR_INVALID');
  }
  const key = `users/${userId}/avatar/${randomUUID()}.jpg`;
  await deps.storage.put(key, out, 'image/jpeg');
  const id = await insertUserFile(deps.database.db, {
    user_id: userId,
    key,
    kind: 'image',
    content_type: 'image/jpeg',
    size_bytes: out.length,
    original_name: 'avatar.jpg',
  });
  // Shown in the header and to staff beside the musician's works: readable by anyone, like a cover.
  await markFilePublic(deps.database.db, id);
  return key;
}

export async function saveProfile(
  deps: Deps,
  userId: number,
  input: ProfileBody,
  meta: { ip: string; userAgent: string },
): Promise<ProfileData> {
  const body = profileBody.parse(input);
  const names = [...new Set(body.artist_names.map((n) => n.trim()).filter(Boolean))];
  const avatar = body.avatar ? await makeAvatar(deps, userId, body.avatar) : undefined;
  await deps.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        nickname: body.nickname,
        bio: body.bio,
        artist_names: names,
        ...(avatar ? { avatar } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    await insertEvent(trx, userId, 'profile_updated', meta, { avatar: Boolean(avatar) });
    // The session user (nickname, avatar) is cached with the session: every instance drops it at commit.
    await subjectChangedAtCommit(trx, 'user', userId);
  });
  evictSubjectHere(deps.database.db, 'user', userId);
  return profileOf(deps, userId);
}
