/**
 * The release model written as a DDEX ERN 4.3 NewReleaseMessage (Release Profiles 2.3.1: Audio album/EP, and the
 * Simple Audio Single for a one-track single), with xmlbuilder2. Nothing here decides a fact: every value comes
 * from the model or the options; what is not there is left out (and the gates refuse what a store needs).
 *
 * References are local and made here, in one scheme: parties P1…, sound recordings A1…An and the cover A(n+1),
 * technical details T1…, the main release R0 and a TrackRelease R1…Rn per track. Insert, update and takedown are all
 * this one message (ERN 4 is a statement of truth): an update restates everything and lists the files the store
 * already has with IsProvidedInDelivery=false; a takedown has no DealList for that store.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import {
  type ArtistCredit,
  type DealTerms,
  type ImageFile,
  type MessageOptions,
  type ReleaseModel,
  releaseDurationSec,
  type TrackModel,
} from '../release-model';
import { resourceFileName } from './file-names';
import { AVS_VERSION_ID, ERN_NAMESPACE, messageHeader } from './header';

/** xs:duration of a length in seconds: PT3M45S, PT31.5S. */
export function isoDuration(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  const sec = Number.isInteger(s) ? String(s) : s.toFixed(3).replace(/0+$/, '');
  return `PT${h > 0 ? `${h}H` : ''}${m > 0 || h > 0 ? `${m}M` : ''}${sec}S`;
}

/** The release's parties: every display artist and contributor once by name, then the label. */
export class PartyIndex {
  private readonly refs = new Map<string, string>();
  readonly parties: Array<{ ref: string; name: string }> = [];

  ref(name: string): string {
    let ref = this.refs.get(name);
    if (!ref) {
      ref = `P${this.parties.length + 1}`;
      this.refs.set(name, ref);
      this.parties.push({ ref, name });
    }
    return ref;
  }
}

export function trackResourceRef(track: TrackModel): string {
  return `A${track.position}`;
}

export function coverResourceRef(release: ReleaseModel): string {
  return `A${release.tracks.length + 1}`;
}

export function trackReleaseRef(track: TrackModel): string {
  return `R${track.position}`;
}

export const MAIN_RELEASE_REF = 'R0';

function displayArtists(node: XMLBuilder, credits: readonly ArtistCredit[], parties: PartyIndex): void {
  for (const c of credits) node.ele('DisplayArtistName').txt(c.name);
  credits.forEach((c, i) => {
    const a = node.ele('DisplayArtist', { SequenceNumber: String(i + 1) });
    a.ele('ArtistPartyReference').txt(parties.ref(c.name));
    a.ele('DisplayArtistRole').txt(c.role);
  });
}

function titles(node: XMLBuilder, title: string, version: string): void {
  node.ele('DisplayTitleText').txt(version ? `${title} (${version})` : title);
  const t = node.ele('DisplayTitle');
  t.ele('TitleText').txt(title);
  if (version) t.ele('SubTitle').txt(version);
}

function fileElement(node: XMLBuilder, uri: string, file: { sha256: string; sizeBytes: number }): void {
  const f = node.ele('File');
  f.ele('URI').txt(uri);
  const hash = f.ele('HashSum');
  hash.ele('Algorithm').txt('SHA-256');
  hash.ele('HashSumValue').txt(file.sha256);
  f.ele('FileSize').txt(String(file.sizeBytes));
}

function soundRecording(
  list: XMLBuilder,
  release: ReleaseModel,
  track: TrackModel,
  parties: PartyIndex,
  provided: boolean,
): void {
  const sr = list.ele('SoundRecording');
  sr.ele('ResourceReference').txt(trackResourceRef(track));
  sr.ele('Type').txt('MusicalWorkSoundRecording');
  const edition = sr.ele('SoundRecordingEdition');
  edition.ele('ResourceId').ele('ISRC').txt(track.isrc);
  if (release.pLine) {
    const p = edition.ele('PLine');
    if (release.pLine.year !== null) p.ele('Year').txt(String(release.pLine.year));
    p.ele('PLineText').txt(release.pLine.text);
  }
  const tech = edition.ele('TechnicalDetails');
  tech.ele('TechnicalResourceDetailsReference').txt(`T${track.position}`);
  const audio = track.audio;
  const file = tech.ele('DeliveryFile');
  file.ele('Type').txt('AudioFile');
  if (audio.container) file.ele('ContainerFormat').txt(audio.container);
  file.ele('AudioCodecType').txt(audio.codec);
  file.ele('NumberOfChannels').txt(String(audio.channels));
  file.ele('SamplingRate', { UnitOfMeasure: 'Hz' }).txt(String(audio.sampleRateHz));
  if (audio.bitsPerSample !== null) file.ele('BitsPerSample').txt(String(audio.bitsPerSample));
  file.ele('Duration').txt(isoDuration(audio.durationSec));
  fileElement(file, resourceFileName(release, { track }), audio);
  file.ele('IsProvidedInDelivery').txt(String(provided));
  titles(sr, track.title, track.version);
  displayArtists(sr, track.displayArtists, parties);
  track.contributors.forEach((c, i) => {
    const el = sr.ele('Contributor', { SequenceNumber: String(i + 1) });
    el.ele('ContributorPartyReference').txt(parties.ref(c.name));
    el.ele('Role').txt(c.role);
  });
  sr.ele('Duration').txt(isoDuration(audio.durationSec));
  sr.ele('ParentalWarningType').txt(track.explicit ? 'Explicit' : 'NotExplicit');
  if (track.instrumental) sr.ele('IsInstrumental').txt('true');
  if (track.language) sr.ele('LanguageOfPerformance').txt(track.language);
}

function coverImage(list: XMLBuilder, release: ReleaseModel, cover: ImageFile, senderDpid: string, provided: boolean) {
  const img = list.ele('Image');
  img.ele('ResourceReference').txt(coverResourceRef(release));
  img.ele('Type').txt('FrontCoverImage');
  // A cover has no public identifier: the sender's own, in its DPID namespace.
  img
    .ele('ResourceId')
    .ele('ProprietaryId', { Namespace: `DPID:${senderDpid}` })
    .txt(`${release.upc}_cover`);
  if (release.cLine) {
    const c = img.ele('CLine');
    if (release.cLine.year !== null) c.ele('Year').txt(String(release.cLine.year));
    c.ele('CLineText').txt(release.cLine.text);
  }
  const tech = img.ele('TechnicalDetails');
  tech.ele('TechnicalResourceDetailsReference').txt(`T${release.tracks.length + 1}`);
  tech.ele('ImageCodecType').txt(cover.codec);
  tech.ele('ImageHeight', { UnitOfMeasure: 'Pixel' }).txt(String(cover.height));
  tech.ele('ImageWidth', { UnitOfMeasure: 'Pixel' }).txt(String(cover.width));
  fileElement(tech, resourceFileName(release, { cover }), cover);
  tech.ele('IsProvidedInDelivery').txt(String(provided));
}

function mainRelease(list: XMLBuilder, release: ReleaseModel, parties: PartyIndex, labelRef: string): void {
  const r = list.ele('Release');
  r.ele('ReleaseReference').txt(MAIN_RELEASE_REF);
  r.ele('ReleaseType').txt(release.releaseType);
  r.ele('ReleaseId').ele('ICPN').txt(release.upc);
  titles(r, release.title, release.version);
  displayArtists(r, release.displayArtists, parties);
  r.ele('ReleaseLabelReference').txt(labelRef);
  if (release.pLine) {
    const p = r.ele('PLine');
    if (release.pLine.year !== null) p.ele('Year').txt(String(release.pLine.year));
    p.ele('PLineText').txt(release.pLine.text);
  }
  if (release.cLine) {
    const c = r.ele('CLine');
    if (release.cLine.year !== null) c.ele('Year').txt(String(release.cLine.year));
    c.ele('CLineText').txt(release.cLine.text);
  }
  r.ele('Duration').txt(isoDuration(releaseDurationSec(release)));
  r.ele('Genre').ele('GenreText').txt(release.genre);
  r.ele('ReleaseDate').txt(release.availability.startDate);
  if (release.originalReleaseDate) r.ele('OriginalReleaseDate').txt(release.originalReleaseDate);
  r.ele('ParentalWarningType').txt(release.explicit ? 'Explicit' : 'NotExplicit');
  const group = r.ele('ResourceGroup');
  const disc = group.ele('ResourceGroup', { ResourceGroupType: 'Component' });
  disc.ele('SequenceNumber').txt('1');
  for (const t of release.tracks) {
    const item = disc.ele('ResourceGroupContentItem');
    item.ele('SequenceNumber').txt(String(t.position));
    item.ele('ReleaseResourceReference').txt(trackResourceRef(t));
  }
  group.ele('ResourceGroupContentItem').ele('ReleaseResourceReference').txt(coverResourceRef(release));
}

/** A TrackRelease's id: unique to its context (ICPN + ISRC), and as a ProprietaryId, never an ISRC element (RP 2.3.1). */
export function trackReleaseId(release: ReleaseModel, track: TrackModel): string {
  return `${release.upc}_${track.isrc}`;
}

function trackRelease(list: XMLBuilder, release: ReleaseModel, track: TrackModel, labelRef: string, dpid: string) {
  const r = list.ele('TrackRelease');
  r.ele('ReleaseReference').txt(trackReleaseRef(track));
  r.ele('ReleaseId')
    .ele('ProprietaryId', { Namespace: `DPID:${dpid}` })
    .txt(trackReleaseId(release, track));
  titles(r, track.title, track.version);
  r.ele('ReleaseResourceReference').txt(trackResourceRef(track));
  r.ele('ReleaseLabelReference').txt(labelRef);
  r.ele('Genre').ele('GenreText').txt(release.genre);
}

function dealTerms(deal: XMLBuilder, release: ReleaseModel, terms: DealTerms, useTypes: readonly string[]): void {
  const t = deal.ele('DealTerms');
  const { territories, startDate, startDateTime } = release.availability;
  for (const code of territories === 'Worldwide' ? ['Worldwide'] : territories) t.ele('TerritoryCode').txt(code);
  const period = t.ele('ValidityPeriod');
  if (startDateTime) period.ele('StartDateTime').txt(startDateTime);
  else period.ele('StartDate').txt(startDate);
  for (const m of terms.commercialModels) t.ele('CommercialModelType').txt(m);
  for (const u of useTypes) t.ele('UseType').txt(u);
}

function deals(root: XMLBuilder, release: ReleaseModel, terms: readonly DealTerms[]): void {
  const list = root.ele('DealList');
  // The release and every track with all its rights share one set of deals; a track with rights withheld gets its own.
  const full = release.tracks.filter((t) => t.withheldUseTypes.length === 0);
  const shared = list.ele('ReleaseDeal');
  shared.ele('DealReleaseReference').txt(MAIN_RELEASE_REF);
  for (const t of full) shared.ele('DealReleaseReference').txt(trackReleaseRef(t));
  for (const term of terms) dealTerms(shared.ele('Deal'), release, term, term.useTypes);
  for (const t of release.tracks.filter((x) => x.withheldUseTypes.length > 0)) {
    const remaining = terms
      .map((term) => ({ term, uses: term.useTypes.filter((u) => !t.withheldUseTypes.includes(u)) }))
      .filter((x) => x.uses.length > 0);
    // No deal left: the track is not available on its own ("no deal = no deal"), so it gets no ReleaseDeal at all.
    if (remaining.length === 0) continue;
    const own = list.ele('ReleaseDeal');
    own.ele('DealReleaseReference').txt(trackReleaseRef(t));
    for (const { term, uses } of remaining) dealTerms(own.ele('Deal'), release, term, uses);
  }
}

/** The ReleaseProfileVersionId: the Simple Audio Single profile for a one-track single, Audio otherwise. */
export function releaseProfile(release: ReleaseModel): 'SimpleAudioSingle' | 'Audio' {
  return release.releaseType === 'Single' && release.tracks.length === 1 ? 'SimpleAudioSingle' : 'Audio';
}

/** The NewReleaseMessage for one store, as UTF-8 XML text (pretty-printed: stores and people read and diff it). */
export function buildNewReleaseMessage(release: ReleaseModel, options: MessageOptions): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(ERN_NAMESPACE, 'ern:NewReleaseMessage', {
    AvsVersionId: AVS_VERSION_ID,
    LanguageAndScriptCode: release.metadataLanguage,
    ReleaseProfileVersionId: releaseProfile(release),
  });
  messageHeader(root, options);

  // Parties come first in the message but are collected while the rest is written: build the rest in a scratch
  // document, then copy it in order.
  const parties = new PartyIndex();
  const scratch = create().ele('scratch');
  const resources = scratch.ele('ResourceList');
  for (const t of release.tracks)
    soundRecording(resources, release, t, parties, !options.filesNotProvided.has(t.audio.key));
  coverImage(resources, release, release.cover, options.sender.dpid, !options.filesNotProvided.has(release.cover.key));
  const labelRef = parties.ref(release.label);
  const releases = scratch.ele('ReleaseList');
  mainRelease(releases, release, parties, labelRef);
  for (const t of release.tracks) trackRelease(releases, release, t, labelRef, options.sender.dpid);

  const partyList = root.ele('PartyList');
  for (const p of parties.parties) {
    const party = partyList.ele('Party');
    party.ele('PartyReference').txt(p.ref);
    party.ele('PartyName').ele('FullName').txt(p.name);
  }
  root.import(resources);
  root.import(releases);
  if (options.action !== 'takedown' && options.deals.length > 0) deals(root, release, options.deals);
  return doc.end({ prettyPrint: true });
}
