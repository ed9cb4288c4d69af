/** The MessageHeader every ERN 4.3 message starts with, and the namespace and AVS version they all declare. */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { MessageParties } from '../release-model';

export const ERN_NAMESPACE = 'http://ddex.net/xml/ern/43';
/** The allowed-value-sets version of the vendored XSD (xsd/allowed-value-sets.xsd says 3). */
export const AVS_VERSION_ID = '3';

export interface HeaderFields extends MessageParties {
  messageId: string;
  /** Every message about one release at one store shares its thread. */
  threadId: string;
  createdAt: Date;
  /** TestMessage: the store validates and does not ingest (a store's onboarding). */
  test: boolean;
}

export function messageHeader(root: XMLBuilder, fields: HeaderFields): void {
  const h = root.ele('MessageHeader');
  h.ele('MessageThreadId').txt(fields.threadId);
  h.ele('MessageId').txt(fields.messageId);
  const sender = h.ele('MessageSender');
  sender.ele('PartyId').txt(fields.sender.dpid);
  sender.ele('PartyName').ele('FullName').txt(fields.sender.name);
  const recipient = h.ele('MessageRecipient');
  recipient.ele('PartyId').txt(fields.recipient.dpid);
  recipient.ele('PartyName').ele('FullName').txt(fields.recipient.name);
  h.ele('MessageCreatedDateTime').txt(fields.createdAt.toISOString());
  h.ele('MessageControlType').txt(fields.test ? 'TestMessage' : 'LiveMessage');
}
