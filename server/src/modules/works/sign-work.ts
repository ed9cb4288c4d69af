/**
 * Step 3: pre-review, the authorization letter (PDF, signature) and submission. Moved out of works.service.ts.
 */

import { randomUUID } from 'node:crypto';
import { maskMobile } from '@trackline/contract/identifiers';
import {
  AGREEMENT_VERSION,
  type Property,
  type Source,
  sourceCode,
  type WcStatement,
  type WorkDetail,
} from '@trackline/contract/work-model';
import type { WorkSignBody } from '@trackline/contract/works';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { legalParty } from '../account/legal-party';
import { requireLegalParty } from '../realname/realname.service';
import { authorizationLetter, type LetterInput, SignatureUndecodable } from './authorization-letter';
import { prereviewWork } from './prereview';
import { parseSignature, type SignatureImage } from './signature';
import { loadWorkDetail } from './work-detail';
import { inTransaction, ownWork, statusOf } from './work-guards';
import { applyTransition } from './work-transition';
import { insertAuthorization, type WorkRow } from './works.repository';
import type { Musician } from './works.service';
import { listTracks } from './works.tracks-repository';

// ---- step 3 ----

function signatureKey(userId: number): string {
  return `users/${userId}/signatures/${randomUUID()}.png`;
}

function letterKey(userId: number): string {
  return `users/${userId}/authorizations/${randomUUID()}.pdf`;
}

async function letterInput(
  trx: Db,
  work: WorkRow,
  user: Musician,
  signedAt: Date,
  ip: string,
  signature: SignatureImage | null,
): Promise<LetterInput> {
  const [tracks, platforms, party] = await Promise.all([
    listTracks(trx, work.id),
    trx.selectFrom('platforms').select(['code', 'name_zh', 'name_en']).execute(),
    legalParty(trx, user.id),
  ]);
  const byCode = new Map(platforms.map((p) => [p.code, p]));
  return {
    workId: work.id,
    kind: work.kind,
    title: work.title,
    version: work.version,
    primaryArtists: work.primary_artists,
    featuredArtists: work.featured_artists,
    label: work.label,
    upc: work.upc,
    tracks: tracks.map((t) => ({
      position: t.position,
      title: t.title,
      version: t.version,
      primaryArtists: t.primary_artists,
      featuredArtists: t.featured_artists,
      isrc: t.isrc,
    })),
    property: work.property as Property,
    wcStatement: work.wc_statement as WcStatement,
    source: work.source as Source,
    platforms: work.platforms.map((code) => {
      const p = byCode.get(code);
      return { code, nameZh: p?.name_zh ?? code, nameEn: p?.name_en ?? code };
    }),
    territories: work.worldwide ? 'worldwide' : work.territories,
    releaseDate: work.release_date ?? '',
    agreementVersion: AGREEMENT_VERSION,
    signedAt,
    ip,
    signer: {
      id: user.id,
      nickname: user.nickname,
      mobile: maskMobile(user.mobile),
      legal: party ? { kind: party.kind, name: party.name, guardianName: party.guardianName } : undefined,
    },
    signaturePng: signature?.png ?? null,
  };
}

/**
 * Signs the letter and submits the work (100 → 200, 101 → 201). Refuses while pre-review finds an error, for
 * source 8, without a drawn signature for wcStatement 2, or with a signature that is not a sane PNG. The letter is
 * stored as a PDF with its terms; files stored before a refusal are removed again.
 */
export async function signWork(
  deps: Deps,
  user: Musician,
  body: WorkSignBody,
  ip: string,
  warn: (msg: string) => void,
): Promise<WorkDetail> {
  if (body.agreement_version !== AGREEMENT_VERSION)
    throw new AppError('WORK_AGREEMENT_OUTDATED', { current: AGREEMENT_VERSION });
  const stored: string[] = [];
  try {
    await inTransaction(deps, async (trx) => {
      const work = await ownWork(trx, user.id, body.id, true);
      const status = statusOf(work);
      if (['00', '01', '10', '11'].includes(status)) throw new AppError('WORK_INCOMPLETE');
      if (status !== '100' && status !== '101') throw new AppError('WORK_STATUS_CONFLICT', { from: status });
      const { issues, can_submit } = await prereviewWork(deps, work.id, trx);
      if (work.source === 8) throw new AppError('WORK_NO_AUTHORIZATION', { issues });
      if (!can_submit) throw new AppError('WORK_PREREVIEW_FAILED', { issues });
      // The letter names the legal party (issue 10): a verified real name, company, or a minor with the guardian.
      await requireLegalParty(trx, user.id);
      if (work.wc_statement === 2 && !body.signature_png) throw new AppError('WORK_SIGNATURE_REQUIRED');
      const signature = body.signature_png ? await parseSignature(body.signature_png) : null;

      const signedAt = new Date();
      const input = await letterInput(trx, work, user, signedAt, ip, signature);
      let pdf: Uint8Array;
      try {
        pdf = await authorizationLetter(input, warn);
      } catch (err) {
        // the header was checked; a PNG whose image data does not decode is still not a signature
        if (err instanceof SignatureUndecodable) throw new AppError('WORK_SIGNATURE_INVALID', { reason: 'corrupt' });
        throw err;
      }
      const sigKey = signature ? signatureKey(user.id) : null;
      const pdfKey = letterKey(user.id);
      if (sigKey && signature) {
        await deps.storage.put(sigKey, signature.png, 'image/png');
        stored.push(sigKey);
      }
      await deps.storage.put(pdfKey, Buffer.from(pdf), 'application/pdf');
      stored.push(pdfKey);
      const terms = {
        work: {
          id: work.id,
          kind: work.kind,
          title: work.title,
          version: work.version,
          primary_artists: work.primary_artists,
          featured_artists: work.featured_artists,
          upc: work.upc,
          tracks: input.tracks.map((t) => ({
            position: t.position,
            title: t.title,
            version: t.version,
            primary_artists: t.primaryArtists,
            featured_artists: t.featuredArtists,
            isrc: t.isrc,
          })),
        },
        rights: { property: input.property, wc_statement: input.wcStatement, source: input.source },
        scope: { platforms: work.platforms, territories: input.territories, release_date: work.release_date },
        signed: signature !== null,
        legal_party: input.signer.legal
          ? {
              kind: input.signer.legal.kind,
              name: input.signer.legal.name,
              guardian: input.signer.legal.guardianName ?? null,
            }
          : null,
      };
      await insertAuthorization(trx, {
        work_id: work.id,
        user_id: user.id,
        signed_at: signedAt,
        ip,
        agreement_version: AGREEMENT_VERSION,
        wc_statement: input.wcStatement,
        signature_key: sigKey,
        pdf_key: pdfKey,
        terms: JSON.stringify({ ...terms, rights: { ...terms.rights, source_code: sourceCode(input.source) } }),
      });
      await applyTransition(trx, {
        workId: work.id,
        from: status,
        action: 'submit',
        actor: 'user',
        userId: user.id,
        set: { submitted_at: signedAt, reject_reason: null, reject_text: '' },
      });
    });
  } catch (err) {
    await Promise.all(stored.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw err;
  }
  return loadWorkDetail(deps, body.id);
}
