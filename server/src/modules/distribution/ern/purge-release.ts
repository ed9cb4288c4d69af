/**
 * PurgeReleaseMessage: the permanent removal of a release from a store's systems (a corrupt release, or a release
 * that must never come back). Not a takedown: a takedown is a NewReleaseMessage without deals, and stores such as
 * Spotify refuse a purge sent as one (store rules say which stores accept purges at all).
 */
import { create } from 'xmlbuilder2';
import { AVS_VERSION_ID, ERN_NAMESPACE, type HeaderFields, messageHeader } from './header';

export interface PurgeOptions extends HeaderFields {
  upc: string;
  /** The metadata language of the release being purged (the message's LanguageAndScriptCode). */
  language: string;
}

export function buildPurgeReleaseMessage(options: PurgeOptions): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(ERN_NAMESPACE, 'ern:PurgeReleaseMessage', {
    AvsVersionId: AVS_VERSION_ID,
    LanguageAndScriptCode: options.language,
  });
  messageHeader(root, options);
  root.ele('PurgedRelease').ele('ReleaseId').ele('ICPN').txt(options.upc);
  return doc.end({ prettyPrint: true });
}
