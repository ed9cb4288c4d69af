/**
 * The internal release model: what a release is for delivery — release, tracks, parties, files and deals — kept
 * apart from any message format. release-facts.ts makes it from an approved work (and refuses when a fact is
 * missing); ern/new-release.ts writes it as DDEX ERN 4.3; the gates check what was written. Pure data: no database,
 * no storage, no XML.
 */

/** ERN 4 release types this service sends (ReleaseType_ERN4); the Release Profile follows from the type. */
export type ReleaseType = 'Album' | 'EP' | 'Single';

export type DisplayArtistRole = 'MainArtist' | 'FeaturedArtist';

/** Contributor roles we credit (ContributorRole AVS); producer is StudioProducer in DDEX terms. */
export type ContributorRole = 'Composer' | 'Lyricist' | 'Arranger' | 'StudioProducer' | 'Remixer';

export interface ArtistCredit {
  name: string;
  role: DisplayArtistRole;
}

export interface ContributorCredit {
  name: string;
  role: ContributorRole;
}

/** A binary that goes with the release: its bytes are in storage under `key`. */
interface FileFacts {
  /** Storage key of the bytes (never sent; the message names the file by its path in the release folder). */
  key: string;
  /** File name extension as stored ('wav', 'flac', 'png'…). */
  ext: string;
  sizeBytes: number;
  /** Lower-case hex SHA-256 of the whole file. */
  sha256: string;
}

export interface AudioFile extends FileFacts {
  codec: 'PCM' | 'FLAC' | 'MP3';
  /** WAV for PCM in a RIFF container; none for FLAC/MP3 (their own containers). */
  container: 'WAV' | null;
  sampleRateHz: number;
  /** Null for MP3, which has no bit depth. */
  bitsPerSample: number | null;
  channels: number;
  durationSec: number;
}

export interface ImageFile extends FileFacts {
  codec: 'JPEG' | 'PNG';
  width: number;
  height: number;
}

export interface TrackModel {
  /** 1-based position on the release. */
  position: number;
  isrc: string;
  title: string;
  /** "Live", "Remix"… ('' for none): shown as a subtitle. */
  version: string;
  displayArtists: ArtistCredit[];
  contributors: ContributorCredit[];
  explicit: boolean;
  /** BCP 47 language of the performance; null when instrumental. */
  language: string | null;
  instrumental: boolean;
  audio: AudioFile;
  /**
   * Use types this track may not be used for, although the release may (a track whose streaming rights were
   * removed): its TrackRelease gets deals without them. Empty for most tracks.
   */
  withheldUseTypes: UseType[];
}

export type CommercialModel =
  | 'SubscriptionModel'
  | 'AdvertisementSupportedModel'
  | 'PayAsYouGoModel'
  | 'FreeOfChargeModel';

export type UseType = 'OnDemandStream' | 'NonInteractiveStream' | 'PermanentDownload' | 'ConditionalDownload';

/** One DDEX deal: one commercial model group with its use types (models sharing use types share a deal). */
export interface DealTerms {
  commercialModels: CommercialModel[];
  useTypes: UseType[];
}

/** When and where the release is available. */
export interface Availability {
  /** 'Worldwide' or ISO 3166-1 alpha-2 codes. */
  territories: 'Worldwide' | string[];
  /** The release date (YYYY-MM-DD): the deals' start. */
  startDate: string;
  /**
   * A timed (simultaneous global) release: the exact instant, ISO 8601 with offset. When set the deals start at this
   * instant (StartDateTime) rather than at each territory's local midnight.
   */
  startDateTime: string | null;
}

export interface ReleaseModel {
  /** The work this release was made from. */
  workId: number;
  /** ICPN: the release's UPC/EAN. */
  upc: string;
  releaseType: ReleaseType;
  title: string;
  version: string;
  displayArtists: ArtistCredit[];
  label: string;
  /** ℗ and © lines as the musician wrote them, with the year they name (null when they name none). */
  pLine: { year: number | null; text: string } | null;
  cLine: { year: number | null; text: string } | null;
  /** Free-text genre as stores show it ("Pop", "Folk"…). */
  genre: string;
  explicit: boolean;
  /** BCP 47 language (and script) of the metadata: the message's LanguageAndScriptCode. */
  metadataLanguage: string;
  originalReleaseDate: string | null;
  availability: Availability;
  cover: ImageFile;
  tracks: TrackModel[];
}

/** What one message does to the release at one store. */
export type MessageAction = 'insert' | 'update' | 'takedown' | 'purge';

/** The sending and receiving parties of a message (DDEX Party IDs and names). */
export interface MessageParties {
  sender: { dpid: string; name: string };
  recipient: { dpid: string; name: string };
}

export interface MessageOptions extends MessageParties {
  action: MessageAction;
  messageId: string;
  /** Every message about one release at one store shares its thread. */
  threadId: string;
  createdAt: Date;
  /** TestMessage: the store validates and does not ingest (a store's onboarding). */
  test: boolean;
  /** The store's deals (empty for a takedown). */
  deals: DealTerms[];
  /**
   * Keys of the files this message does not carry (an update whose files the store already has): they are listed
   * with IsProvidedInDelivery=false and are not uploaded.
   */
  filesNotProvided: ReadonlySet<string>;
}

/** Total running time of the release, in seconds. */
export function releaseDurationSec(release: ReleaseModel): number {
  return release.tracks.reduce((sum, t) => sum + t.audio.durationSec, 0);
}

/**
 * The release type stores expect (Spotify's rule, which others follow): 7 tracks or more, or 30 minutes or more, is
 * an album; fewer and shorter is an EP. A musician's single stays a single; a release they called an album is never
 * sent as a single, even with 1–3 short tracks (stores would reclassify it anyway).
 */
export function releaseTypeFor(kind: 'single' | 'album', tracks: readonly { durationSec: number }[]): ReleaseType {
  if (kind === 'single') return 'Single';
  const total = tracks.reduce((s, t) => s + t.durationSec, 0);
  return total >= 30 * 60 || tracks.length >= 7 ? 'Album' : 'EP';
}
