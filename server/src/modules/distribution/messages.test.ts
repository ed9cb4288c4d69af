/**
 * Messages and their gates: Spotify's five onboarding cases against golden fixtures (UPDATE_GOLDEN=1 rewrites them
 * after a deliberate change), each profile against the official XSD, and each gate with a message that breaks it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { WorkDetail } from '@trackline/contract/work-model';
import { describe, expect, it } from 'vitest';
import { onboardingCases, SENDER, sampleOptions, sampleRelease } from '../../../test/distribution-samples';
import { isoDuration } from './ern/new-release';
import { checkProfile } from './gates/profile';
import { RULE_PACKS } from './gates/store-rules';
import { validateAgainstXsd } from './gates/xsd';
import { buildCheckedMessages, writeMessage } from './message-pipeline';
import { releaseFromWork } from './release-facts';

const FIXTURES = new URL('./fixtures/onboarding/', import.meta.url);
const generic = RULE_PACKS.generic!;

const rules = (xs: { rule: string }[]) => xs.map((x) => x.rule);

describe("Spotify's onboarding cases", () => {
  it('build the golden messages, and each passes the XSD, the profile and Spotify rules', async () => {
    const cases = onboardingCases();
    const checked = await buildCheckedMessages(cases.map((c) => c.request));
    for (const [i, c] of cases.entries()) {
      const result = checked[i]!;
      expect(result.ok, `${c.name}: ${JSON.stringify(!result.ok && result.issues)}`).toBe(true);
      const file = new URL(`${c.name}.xml`, FIXTURES);
      if (process.env.UPDATE_GOLDEN) await writeFile(file, result.xml!);
      expect(result.xml, c.name).toBe(await readFile(file, 'utf8'));
    }
    const [insert, ep, single, withheld, takedown] = checked.map((c) => c.xml!) as [
      string,
      string,
      string,
      string,
      string,
    ];
    // 1: the album with every file delivered and its deals; every role Spotify asks for is credited.
    expect(insert).toContain('<ReleaseType>Album</ReleaseType>');
    expect(insert).not.toContain('<IsProvidedInDelivery>false');
    for (const role of ['MainArtist', 'FeaturedArtist', 'StudioProducer', 'Remixer', 'Composer', 'Lyricist'])
      expect(insert).toContain(`>${role}<`);
    // 2: an update restates everything; the files the store has are listed, not provided; a territory more.
    expect(ep).toContain('<ReleaseType>EP</ReleaseType>');
    expect(ep).not.toContain('<IsProvidedInDelivery>true');
    expect(ep).toContain('<TerritoryCode>TW</TerritoryCode>');
    // 3: a timed worldwide release: the deals start at one instant everywhere.
    expect(single).toContain('<ReleaseType>Single</ReleaseType>');
    expect(single).toContain('<StartDateTime>2026-12-18T00:00:00Z</StartDateTime>');
    expect(single).toContain('<TerritoryCode>Worldwide</TerritoryCode>');
    // 4: track 1 keeps its download deal only, on a ReleaseDeal of its own; the others share the release's deals.
    const ownDeal = withheld.split('<ReleaseDeal>')[2]!;
    expect(ownDeal).toContain('<DealReleaseReference>R1</DealReleaseReference>');
    expect(ownDeal).not.toContain('OnDemandStream');
    expect(ownDeal).toContain('PermanentDownload');
    expect(withheld.split('<ReleaseDeal>')[1]).not.toContain('<DealReleaseReference>R1<');
    // 5: a takedown is the same release with no deals.
    expect(takedown).not.toContain('<DealList>');
    expect(takedown).toContain('<ReleaseList>');
  });

  it('a one-track single uses the Simple Audio Single profile and validates', async () => {
    const single = { ...sampleRelease('088888800028', 1), releaseType: 'Single' as const };
    const [checked] = await buildCheckedMessages([{ release: single, options: sampleOptions(9), rules: generic }]);
    expect(checked!.ok).toBe(true);
    expect(checked!.xml).toContain('ReleaseProfileVersionId="SimpleAudioSingle"');
  });
});

describe('the gates fail closed, naming the rule', () => {
  it('the XSD: a sender id that is not a DPID', async () => {
    const [checked] = await buildCheckedMessages([
      {
        release: sampleRelease(),
        options: sampleOptions(1, { sender: { dpid: 'TRACKLINE', name: 'x' } }),
        rules: generic,
      },
    ]);
    expect(checked!.ok).toBe(false);
    if (checked!.ok) return;
    expect(rules(checked!.issues)).toEqual(['xsd.invalid']);
    expect(checked!.issues[0]!.detail).toMatch(/PartyId/);
  });

  it('the profile: a dangling reference passes the XSD and is caught here', async () => {
    const xml = writeMessage({ release: sampleRelease(), options: sampleOptions(1), rules: generic }).replace(
      '<ArtistPartyReference>P2</ArtistPartyReference>',
      '<ArtistPartyReference>P99</ArtistPartyReference>',
    );
    const [xsd] = await validateAgainstXsd([xml]);
    expect(xsd).toEqual([]);
    expect(checkProfile(xml)).toEqual([
      expect.objectContaining({ rule: 'ref.dangling', detail: expect.stringMatching(/P99/) }),
    ]);
  });

  it('the profile: a bad ISRC, two tracks with one ISRC, a second main release, a deal without start', () => {
    const release = sampleRelease();
    release.tracks[0]!.isrc = 'CNA1226000';
    release.tracks[2]!.isrc = release.tracks[1]!.isrc;
    const xml = writeMessage({ release, options: sampleOptions(1), rules: generic });
    expect(rules(checkProfile(xml)).sort()).toEqual(['id.isrc', 'id.isrc_unique', 'rp.track_release_id']);

    const two = xml.replace(
      '<TrackRelease>',
      '<Release><ReleaseReference>R9</ReleaseReference></Release><TrackRelease>',
    );
    expect(rules(checkProfile(two))).toContain('rp.one_main_release');
    const noStart = xml.replace(/<StartDate>[^<]+<\/StartDate>/, '');
    expect(rules(checkProfile(noStart))).toContain('deal.start');
    const noHash = xml.replace(/<HashSum>[\s\S]*?<\/HashSum>/, '');
    expect(rules(checkProfile(noHash))).toContain('file.hash');
    expect(rules(checkProfile('<a/>'))).toEqual(['xml.root']);
  });

  it("the store: Spotify's ℗ line, release types, cover size, and no purge as a takedown", async () => {
    const release = { ...sampleRelease(), pLine: null };
    release.cover = { ...release.cover, width: 1400, height: 1400 };
    const [noLine, purge, genericPurge] = await buildCheckedMessages([
      { release, options: sampleOptions(1), rules: RULE_PACKS.spotify! },
      { release: sampleRelease(), options: sampleOptions(2, { action: 'purge' }), rules: RULE_PACKS.spotify! },
      { release: sampleRelease(), options: sampleOptions(3, { action: 'purge' }), rules: generic },
    ]);
    expect(noLine!.ok || rules(noLine!.issues)).toEqual(['store.p_line', 'store.cover_size']);
    expect(noLine!.xml).toBeNull();
    expect(purge!.ok || rules(purge!.issues)).toEqual(['store.purge']);
    // A store that takes purges gets a valid PurgeReleaseMessage naming the release.
    expect(genericPurge!.ok).toBe(true);
    expect(genericPurge!.xml).toContain('<ern:PurgeReleaseMessage');
    expect(genericPurge!.xml).toContain('<ICPN>088888800011</ICPN>');
    const [ep] = await buildCheckedMessages([
      {
        release: { ...sampleRelease(), releaseType: 'EP' },
        options: sampleOptions(4),
        rules: { ...generic, releaseTypes: ['Album', 'Single'] },
      },
    ]);
    expect(ep!.ok || rules(ep!.issues)).toEqual(['store.release_type']);
  });
});

describe('facts: a message is never built from a missing one', () => {
  const audio = {
    id: 1,
    kind: 'music' as const,
    key: 'users/1/audio/a.wav',
    url: '',
    name: 'a.wav',
    size: 5_468_444,
    meta: { format: 'wav', sampleRate: 44_100, bitDepth: 16, channels: 2, durationSec: 31, lossy: false },
    sha256: 'a'.repeat(64),
  };
  const work = (): WorkDetail =>
    ({
      id: 7,
      kind: 'single',
      status: '990',
      title: '夏夜晚风',
      version: '',
      primary_artists: ['演示音乐人'],
      featured_artists: [],
      genre: 'pop',
      language: 'zh-cmn',
      explicit: false,
      original_release_date: null,
      release_date: '2026-12-15',
      label: '乐轨音乐',
      p_line: '℗ 2026 演示音乐人',
      c_line: '',
      upc: '088888800011',
      platforms: ['spotify'],
      territories: 'worldwide',
      cover: {
        id: 2,
        kind: 'cover',
        key: 'users/1/cover/c.png',
        url: '',
        name: 'c.png',
        size: 100_000,
        meta: { format: 'png', width: 3000, height: 3000, colorSpace: 'rgb', bitDepth: 8, warnings: [] },
        sha256: 'b'.repeat(64),
      },
      tracks: [
        {
          id: 3,
          position: 1,
          title: '夏夜晚风',
          version: '',
          primary_artists: ['演示音乐人'],
          featured_artists: [],
          lyricist: ['演示音乐人'],
          composer: ['演示音乐人'],
          arranger: [],
          producer: [],
          isrc: 'CNA122600001',
          explicit: false,
          language: 'zh-cmn',
          lyrics: '',
          materials: [audio],
        },
      ],
    }) as unknown as WorkDetail;

  it('makes the model of a complete work: codes, files with their analysis and hash, the release date', () => {
    const result = releaseFromWork(work());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.release).toMatchObject({
      upc: '088888800011',
      releaseType: 'Single',
      genre: 'Pop',
      metadataLanguage: 'zh-Hans',
      pLine: { year: 2026, text: '℗ 2026 演示音乐人' },
      cLine: null,
      availability: { territories: 'Worldwide', startDate: '2026-12-15', startDateTime: null },
      cover: { codec: 'PNG', width: 3000, sha256: 'b'.repeat(64) },
    });
    expect(result.release.tracks[0]!.audio).toMatchObject({ codec: 'PCM', container: 'WAV', sampleRateHz: 44_100 });
    expect(result.release.tracks[0]!.contributors.map((c) => c.role)).toEqual(['Composer', 'Lyricist']);
  });

  it('names every missing fact and builds nothing', () => {
    const w = work();
    w.label = '';
    w.genre = 'other';
    w.upc = null;
    w.tracks[0]!.isrc = null;
    w.tracks[0]!.materials = [{ ...audio, meta: { format: 'wav', channels: 2 }, sha256: null }];
    const result = releaseFromWork(w);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(rules(result.issues).sort()).toEqual(
      ['fact.audio_analysis', 'fact.file_hash', 'fact.genre', 'fact.isrc', 'fact.label', 'fact.upc'].sort(),
    );
  });
});

it('writes durations as xs:duration', () => {
  expect(isoDuration(31)).toBe('PT31S');
  expect(isoDuration(225)).toBe('PT3M45S');
  expect(isoDuration(3725.5)).toBe('PT1H2M5.5S');
  expect(SENDER.dpid).toMatch(/^PADPIDA/);
});
