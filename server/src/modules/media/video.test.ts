import { describe, expect, it } from 'vitest';
import { isoMedia, textFile, wav } from '../../../test/media-files';
import { expectRefused } from '../../../test/rule-assert';
import { analyzeVideo } from './video';

describe('analyzeVideo', () => {
  it('knows MP4 by its ftyp major brand', () => {
    expect(analyzeVideo(isoMedia('isom', ['isom', 'iso2', 'avc1', 'mp41']))).toEqual({
      container: 'mp4',
      brand: 'isom',
    });
    expect(analyzeVideo(isoMedia('mp42', ['mp42', 'isom']))).toEqual({ container: 'mp4', brand: 'mp42' });
  });

  it('knows MOV by the QuickTime brand', () => {
    expect(analyzeVideo(isoMedia('qt  '))).toEqual({ container: 'mov', brand: 'qt  ' });
  });

  it('takes a camera maker’s major brand when a compatible brand is MP4', () => {
    expect(analyzeVideo(isoMedia('XAVC', ['XAVC', 'mp42', 'iso2']))).toEqual({ container: 'mp4', brand: 'XAVC' });
  });

  it('knows an old QuickTime file that starts with a moov or wide atom', () => {
    const wide = Buffer.concat([
      Buffer.from([0, 0, 0, 8]),
      Buffer.from('wide'),
      Buffer.from([0, 0, 1, 0]),
      Buffer.from('mdat'),
    ]);
    expect(analyzeVideo(wide)).toEqual({ container: 'mov', brand: '' });
  });

  it('refuses audio-only MP4 (M4A), 3GP and HEIF', () => {
    // as iTunes writes them: mp42 and isom among the compatible brands
    expectRefused(analyzeVideo(isoMedia('M4A ', ['M4A ', 'mp42', 'isom'])), 'video.format', 'video');
    expectRefused(analyzeVideo(isoMedia('3gp4', ['3gp4', 'isom'])), 'video.format');
    expectRefused(analyzeVideo(isoMedia('heic', ['mif1', 'heic'])), 'video.format');
  });

  it('refuses what is not an ISO media file: text, WAV, nothing', () => {
    expectRefused(analyzeVideo(textFile()), 'video.format');
    expectRefused(analyzeVideo(wav({ seconds: 1, silent: true }), 'mv'), 'video.format', 'mv');
    expectRefused(analyzeVideo(Buffer.alloc(0)), 'video.format');
  });

  it('refuses an ftyp box of an impossible size', () => {
    const bad = isoMedia('isom');
    bad.writeUInt32BE(0x7fffffff, 0);
    expectRefused(analyzeVideo(bad), 'video.format');
  });
});
