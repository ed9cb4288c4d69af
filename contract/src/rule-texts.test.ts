import { describe, expect, it } from 'vitest';
import { issueText, RULE_IDS, ruleText } from './rule-texts';

describe('ruleText', () => {
  it('has a zh-CN and an en text for every rule, Chinese in zh-CN, different from each other', () => {
    expect(RULE_IDS.length).toBeGreaterThan(30);
    for (const rule of RULE_IDS) {
      const zh = ruleText(rule, 'zh-CN', {});
      const en = ruleText(rule, 'en', {});
      expect(zh.length, rule).toBeGreaterThan(3);
      expect(en.length, rule).toBeGreaterThan(3);
      expect(zh, rule).toMatch(/\p{Script=Han}/u);
      expect(en, rule).not.toMatch(/\p{Script=Han}/u);
      expect(zh).not.toBe(en);
    }
  });

  it('names the rule and the value found', () => {
    expect(ruleText('audio.sample_rate', 'zh-CN', { sampleRate: 22_050 })).toBe(
      '音频采样率须为 44.1–96 kHz，当前为 22.05 kHz',
    );
    expect(ruleText('audio.sample_rate', 'en', { sampleRate: 22_050 })).toBe(
      'Audio sample rate must be 44.1–96 kHz; this file is 22.05 kHz',
    );
    expect(ruleText('audio.channels', 'zh-CN', { channels: 1 })).toContain('单声道');
    expect(ruleText('audio.channels', 'en', { channels: 6 })).toContain('6 channels');
    expect(ruleText('audio.too_short', 'en', { durationSec: 10, min: 30 })).toContain('at least 30 seconds');
    expect(ruleText('cover.too_small', 'zh-CN', { width: 2000, height: 2000, min: 3000 })).toContain('2000×2000');
    expect(ruleText('cover.colour_space', 'zh-CN', { colorSpace: 'cmyk' })).toContain('CMYK');
    expect(ruleText('upc.check_digit', 'en', { value: '036000291453', expected: 2 })).toContain('should be 2');
  });

  it('shows a marker, not "undefined", for a value that was not given', () => {
    expect(ruleText('audio.bit_depth', 'en')).toContain('? bit');
    expect(ruleText('audio.bit_depth', 'en')).not.toContain('undefined');
  });

  it('still names an unknown rule', () => {
    expect(ruleText('nope.rule', 'zh-CN')).toContain('nope.rule');
    expect(ruleText('nope.rule', 'en')).toContain('nope.rule');
  });

  it('gives an issue its own text', () => {
    expect(
      issueText(
        { rule: 'lyrics.too_long', field: 'lyrics', severity: 'error', params: { max: 20000, length: 20001 } },
        'en',
      ),
    ).toBe('Lyrics may have at most 20000 characters; these have 20001');
  });
});
