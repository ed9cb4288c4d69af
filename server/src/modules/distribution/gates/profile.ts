/**
 * Gate 2: what the XSD cannot see. The ERN 4.3 schema has no key/keyref, so a reference to a party, resource or
 * release that does not exist passes it; and the Release Profile rules (Part 2, 2.3.1) are prose. Both are checked
 * here on the message as written (parsed back from its XML), so a bug in the builder cannot slip through.
 *
 * Rules: ref.unique, ref.dangling, party.unused, rp.one_main_release, rp.main_release_id, id.icpn, id.isrc,
 * id.isrc_unique,
 * rp.track_release_per_resource, rp.track_release_id, rp.resource_in_group, rp.release_date, rp.cover,
 * deal.start, deal.model_use, file.hash, purge.release_id.
 */
import { isValidIsrc, isValidUpc } from '@trackline/contract/identifiers';
import { create } from 'xmlbuilder2';
import { type GateIssue, issue } from './gate-result';

/** The DOM xmlbuilder2 parses into, as far as these rules read it (the server has no DOM typings of its own). */
interface Node {
  nodeType: number;
  parentNode: Node | null;
  childNodes: ArrayLike<Node>;
  textContent: string | null;
}
interface Element extends Node {
  localName: string;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<Element>;
}

/** Child elements of `el` with this local name (ERN 4.3 children are unqualified). */
function children(el: Element, name: string): Element[] {
  return Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).localName === name);
}

function child(el: Element, name: string): Element | undefined {
  return children(el, name)[0];
}

function text(el: Element | undefined): string {
  return el?.textContent?.trim() ?? '';
}

function all(root: Element, name: string): Element[] {
  return Array.from(root.getElementsByTagName(name));
}

function path(el: Element): string {
  const parts: string[] = [];
  let n: Node | null = el;
  while (n && n.nodeType === 1) {
    const e = n as Element;
    const parent: Node | null = e.parentNode;
    const siblings = parent && parent.nodeType === 1 ? children(parent as Element, e.localName) : [e];
    parts.unshift(siblings.length > 1 ? `${e.localName}[${siblings.indexOf(e) + 1}]` : e.localName);
    n = parent;
  }
  return `/${parts.join('/')}`;
}

function parse(xml: string): Element {
  return create(xml).root().node as unknown as Element;
}

/** Anchors (declared references) of one kind, checking each is declared once. */
function anchors(root: Element, name: string, issues: GateIssue[]): Map<string, Element> {
  const found = new Map<string, Element>();
  for (const el of all(root, name)) {
    const value = text(el);
    if (found.has(value)) issues.push(issue('profile', 'ref.unique', path(el), `${name} ${value} declared twice`));
    found.set(value, el.parentNode as Element);
  }
  return found;
}

function checkPointers(
  root: Element,
  names: string[],
  targets: Map<string, Element>,
  issues: GateIssue[],
): Set<string> {
  const used = new Set<string>();
  for (const name of names)
    for (const el of all(root, name)) {
      const value = text(el);
      used.add(value);
      if (!targets.has(value))
        issues.push(issue('profile', 'ref.dangling', path(el), `${name} ${value} points nowhere`));
    }
  return used;
}

function checkNewRelease(root: Element, issues: GateIssue[]): void {
  const parties = anchors(root, 'PartyReference', issues);
  const resources = anchors(root, 'ResourceReference', issues);
  const releases = anchors(root, 'ReleaseReference', issues);
  anchors(root, 'TechnicalResourceDetailsReference', issues);

  const usedParties = checkPointers(
    root,
    ['ArtistPartyReference', 'ContributorPartyReference', 'ReleaseLabelReference'],
    parties,
    issues,
  );
  for (const [ref, party] of parties)
    if (!usedParties.has(ref))
      issues.push(issue('profile', 'party.unused', path(party), `${ref} is never referred to`));
  checkPointers(root, ['ReleaseResourceReference'], resources, issues);
  checkPointers(root, ['DealReleaseReference'], releases, issues);

  const releaseList = child(root, 'ReleaseList');
  const mains = releaseList ? children(releaseList, 'Release') : [];
  if (mains.length !== 1)
    issues.push(issue('profile', 'rp.one_main_release', '/NewReleaseMessage/ReleaseList', `${mains.length} found`));
  const main = mains[0];
  if (main) {
    const id = child(main, 'ReleaseId');
    const icpn = id && child(id, 'ICPN');
    if (!id || (!icpn && !child(id, 'GRid') && !child(id, 'ProprietaryId')))
      issues.push(issue('profile', 'rp.main_release_id', path(main), 'no ICPN, GRid or ProprietaryId'));
    if (icpn && !isValidUpc(text(icpn))) issues.push(issue('profile', 'id.icpn', path(icpn), text(icpn)));
    if (children(main, 'ReleaseDate').length === 0)
      issues.push(issue('profile', 'rp.release_date', path(main), 'no ReleaseDate'));
  }

  // Every primary resource (a sound recording) carries an ISRC and has exactly one TrackRelease of its own.
  const resourceList = child(root, 'ResourceList');
  const recordings = resourceList ? children(resourceList, 'SoundRecording') : [];
  const trackReleases = releaseList ? children(releaseList, 'TrackRelease') : [];
  const trackReleaseIds = new Set<string>();
  for (const tr of trackReleases) {
    const id = child(tr, 'ReleaseId');
    const proprietary = id ? children(id, 'ProprietaryId') : [];
    if (!id || proprietary.length === 0 || children(id, 'ICPN').length > 0 || children(id, 'GRid').length > 0)
      issues.push(issue('profile', 'rp.track_release_id', path(tr), 'a TrackRelease is identified by a ProprietaryId'));
    for (const p of proprietary) {
      const key = `${p.getAttribute('Namespace')}|${text(p)}`;
      if (trackReleaseIds.has(key)) issues.push(issue('profile', 'rp.track_release_id', path(p), `${text(p)} twice`));
      trackReleaseIds.add(key);
    }
  }
  const inGroup = new Set(main ? all(main, 'ReleaseResourceReference').map(text) : []);
  const isrcSeen = new Set<string>();
  for (const sr of recordings) {
    const ref = text(child(sr, 'ResourceReference'));
    const isrcs = all(sr, 'ISRC');
    if (isrcs.length === 0) issues.push(issue('profile', 'id.isrc', path(sr), `${ref} has no ISRC`));
    for (const i of isrcs) {
      if (!isValidIsrc(text(i))) issues.push(issue('profile', 'id.isrc', path(i), text(i)));
      if (isrcSeen.has(text(i))) issues.push(issue('profile', 'id.isrc_unique', path(i), `${text(i)} twice`));
      isrcSeen.add(text(i));
    }
    const own = trackReleases.filter((tr) => text(child(tr, 'ReleaseResourceReference')) === ref);
    if (own.length !== 1)
      issues.push(issue('profile', 'rp.track_release_per_resource', path(sr), `${ref}: ${own.length} TrackRelease`));
  }
  const allResources = resourceList ? Array.from(resourceList.childNodes).filter((n) => n.nodeType === 1) : [];
  for (const r of allResources as Element[]) {
    const ref = text(child(r, 'ResourceReference'));
    if (main && !inGroup.has(ref))
      issues.push(issue('profile', 'rp.resource_in_group', path(r), `${ref} is not in the release`));
  }
  const covers = resourceList
    ? children(resourceList, 'Image').filter((i) => text(child(i, 'Type')) === 'FrontCoverImage')
    : [];
  if (covers.length === 0) issues.push(issue('profile', 'rp.cover', '/NewReleaseMessage/ResourceList', 'no cover'));

  for (const terms of all(root, 'DealTerms')) {
    const periods = children(terms, 'ValidityPeriod');
    if (periods.length === 0 || periods.some((p) => !child(p, 'StartDate') && !child(p, 'StartDateTime')))
      issues.push(issue('profile', 'deal.start', path(terms), 'a deal needs a start'));
    if (children(terms, 'CommercialModelType').length === 0 || children(terms, 'UseType').length === 0)
      issues.push(issue('profile', 'deal.model_use', path(terms), 'CommercialModelType and UseType'));
  }

  // A file the message says is delivered must say what the store is to check it against.
  for (const holder of [...all(root, 'DeliveryFile'), ...all(root, 'TechnicalDetails')]) {
    const file = child(holder, 'File');
    if (!file || text(child(holder, 'IsProvidedInDelivery')) === 'false') continue;
    const hash = child(file, 'HashSum');
    if (!hash || !text(child(hash, 'HashSumValue')) || !child(file, 'FileSize'))
      issues.push(issue('profile', 'file.hash', path(file), 'a delivered file needs its hash and size'));
  }
}

/** The profile and reference rules a message breaks (none: it may go on to the store's rules). */
export function checkProfile(xml: string): GateIssue[] {
  let root: Element;
  try {
    root = parse(xml);
  } catch (err) {
    return [issue('profile', 'xml.well_formed', '', (err as Error).message)];
  }
  const issues: GateIssue[] = [];
  if (root.localName === 'NewReleaseMessage') checkNewRelease(root, issues);
  else if (root.localName === 'PurgeReleaseMessage') {
    const purged = child(root, 'PurgedRelease');
    const icpn = purged && child(purged, 'ReleaseId') && child(child(purged, 'ReleaseId')!, 'ICPN');
    if (!icpn || !isValidUpc(text(icpn)))
      issues.push(issue('profile', 'purge.release_id', '/PurgeReleaseMessage/PurgedRelease', 'an ICPN to purge'));
  } else issues.push(issue('profile', 'xml.root', `/${root.localName}`, 'not an ERN 4.3 release message'));
  return issues;
}
