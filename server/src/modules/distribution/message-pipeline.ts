/**
 * A message from release model to checked XML: the store's rules on the model, then the XML (NewReleaseMessage or
 * PurgeReleaseMessage), then the profile and reference rules on the XML, then the official XSD. All three gates
 * must pass: a message with any issue is answered with its issues and no XML to send (fail closed).
 *
 * Many messages are checked together because the XSD gate costs one schema compilation per call, not per message.
 */
import { createHash } from 'node:crypto';
import { buildNewReleaseMessage } from './ern/new-release';
import { buildPurgeReleaseMessage } from './ern/purge-release';
import type { GateIssue } from './gates/gate-result';
import { checkProfile } from './gates/profile';
import { checkStoreRules, type StoreRules } from './gates/store-rules';
import { validateAgainstXsd } from './gates/xsd';
import type { MessageOptions, ReleaseModel } from './release-model';

export interface MessageRequest {
  release: ReleaseModel;
  options: MessageOptions;
  rules: StoreRules;
}

export type CheckedMessage =
  | { ok: true; xml: string; sha256: string }
  | { ok: false; issues: GateIssue[]; xml: string | null };

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Writes the message's XML: a purge for action 'purge', else the NewReleaseMessage (a takedown has no deals). */
export function writeMessage(req: MessageRequest): string {
  const { release, options } = req;
  if (options.action === 'purge')
    return buildPurgeReleaseMessage({ ...options, upc: release.upc, language: release.metadataLanguage });
  return buildNewReleaseMessage(release, options);
}

/** Builds and checks each message; answers, in order, the XML and its hash, or the rules it breaks. */
export async function buildCheckedMessages(requests: readonly MessageRequest[]): Promise<CheckedMessage[]> {
  const staged = requests.map((req) => {
    const issues = checkStoreRules(req.rules, req.release, req.options.action, req.options.deals);
    // A message the store would refuse is not written at all; one that is written still has to pass the rest.
    if (issues.length > 0) return { xml: null, issues };
    const xml = writeMessage(req);
    return { xml, issues: checkProfile(xml) };
  });
  const toValidate = staged.filter((s) => s.xml !== null && s.issues.length === 0);
  const xsd = await validateAgainstXsd(toValidate.map((s) => s.xml!));
  for (const [i, s] of toValidate.entries()) s.issues.push(...xsd[i]!);
  return staged.map((s): CheckedMessage => {
    if (s.issues.length > 0 || s.xml === null) return { ok: false, issues: s.issues, xml: s.xml };
    return { ok: true, xml: s.xml, sha256: sha256Hex(s.xml) };
  });
}
