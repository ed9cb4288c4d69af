/**
 * What a gate answers: the rules a message breaks, each named. A message leaves only when all three gates (XSD,
 * profile and references, the store's own rules) answer no error: they fail closed.
 */
export type Gate = 'xsd' | 'profile' | 'store' | 'facts';

export interface GateIssue {
  gate: Gate;
  /** A stable id: 'xsd.invalid', 'rp.one_main_release', 'ref.dangling', 'store.release_type'… */
  rule: string;
  /** Where: an XPath-like location, a line number, or a field of the release. */
  at: string;
  /** What was found, for staff (never shown raw to musicians: the rule's text is). */
  detail: string;
}

export class GateRefusal extends Error {
  constructor(readonly issues: GateIssue[]) {
    super(`message refused: ${issues.map((i) => `${i.rule} at ${i.at}`).join('; ')}`);
  }
}

export function issue(gate: Gate, rule: string, at: string, detail = ''): GateIssue {
  return { gate, rule, at, detail };
}
