/**
 * A store's acknowledgement of a message (ERN Part 3: `ACK_<MessageId>_<timestamp>.xml` in its acknowledgement
 * folder), read with a namespace-agnostic reading of the ERN-C AcknowledgementMessage: the acknowledged message's id
 * (AcknowledgedMessageId/OriginalMessageId, else the file name), the file status (an ErncFileStatus value) and the
 * store's error text. A store may acknowledge a message twice: a FileOK, then an error found later (ernccloud §6.1).
 */
import { create } from 'xmlbuilder2';

/** ErncFileStatus values (DDEX AVS) and the one misspelt user-defined value a DDEX article uses for missing binaries. */
export const ACK_STATUSES = [
  'FileOK',
  'ResourceCorrupt',
  'ResourceMissing',
  'ResourceNotMeetingSpecifications',
  'MetadataMissing',
  'NewReleaseMessageInvalid',
  'NoDealInNewReleaseMessage',
  'NoDealForTrackRelease',
  'IdentifierInvalid',
  'IdentifierSyntaxInvalid',
  'PrimaryArtistNameMissing',
  'CommercialReleaseDateInvalid',
  'ConflictingAvailabilityPeriods',
  'InternalError',
  'ResouceBinariesMissing',
] as const;
export type AckStatus = (typeof ACK_STATUSES)[number] | 'Unknown';

export interface Acknowledgement {
  messageId: string;
  status: AckStatus;
  ok: boolean;
  errorText: string;
}

interface El {
  nodeType: number;
  localName: string;
  textContent: string | null;
  getElementsByTagName(name: string): ArrayLike<El>;
}

function firstText(root: El, names: string[]): string {
  for (const name of names) {
    const found = Array.from(root.getElementsByTagName(name))[0];
    const text = found?.textContent?.trim();
    if (text) return text;
  }
  return '';
}

/** The message id an ACK file is named after: ACK_<MessageId>_<YYYYMMDDhhmmssnnn>.xml. */
export function messageIdFromAckName(name: string): string | null {
  const m = /^ACK_(.+)_\d{17}\.xml$/.exec(name);
  return m ? m[1]! : null;
}

/** Reads an acknowledgement; null when the file is not one (not XML, or neither message id nor status found). */
export function parseAcknowledgement(name: string, text: string): Acknowledgement | null {
  let root: El;
  try {
    root = create(text).root().node as unknown as El;
  } catch {
    return null;
  }
  if (!root.localName.endsWith('AcknowledgementMessage')) return null;
  const messageId = firstText(root, ['AcknowledgedMessageId', 'OriginalMessageId']) || messageIdFromAckName(name);
  const raw = firstText(root, ['FileStatus', 'MessageStatus', 'Status']);
  if (!messageId || !raw) return null;
  const status: AckStatus = (ACK_STATUSES as readonly string[]).includes(raw) ? (raw as AckStatus) : 'Unknown';
  return { messageId, status, ok: status === 'FileOK', errorText: firstText(root, ['ErrorText', 'Description']) };
}
