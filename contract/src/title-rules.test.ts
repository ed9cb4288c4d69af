import { describe, expect, it } from 'vitest';
import { isKnownRule, ruleText } from './rule-texts';
import { artistIssues, isAllCaps, TEXT_MAX, titleIssues } from './title-rules';
import type { RuleIssue } from './works-types';

/** The rule ids of a list, each checked to have its own zh-CN and en text. */
function rules(issues: RuleIssue[]): string[] {
  for (const issue of issues) {
    expect(isKnownRule(issue.rule), issue.rule).toBe(true);
    expect(ruleText(issue.rule, 'zh-CN', issue.params).length).toBeGreaterThan(0);
    expect(ruleText(issue.rule, 'en', issue.params).length).toBeGreaterThan(0);
  }
  return issues.map((i) => i.rule);
}

describe('titleIssues', () => {
  it('passes ordinary titles in Chinese and English', () => {
    for (const ok of [
      '夜空中最亮的星',
      'Love Story',
      'Defeat the Feather',
      'DJ Night',
      'Part II',
      'I AM OK',
      'Rock n Roll (Live)',
      '春天里 (Acoustic Version)',
      'MV',
      'Tidally Locked',
    ])
      expect(rules(titleIssues(ok, 'title')), ok).toEqual([]);
  });

  it('requires a title and limits its length', () => {
    expect(titleIssues('', 'title')).toEqual([{ rule: 'text.required', field: 'title', severity: 'error' }]);
    expect(rules(titleIssues('   ', 'title'))).toEqual(['text.required']);
    expect(rules(titleIssues(null, 'title'))).toEqual(['text.required']);
    expect(rules(titleIssues('好'.repeat(TEXT_MAX), 'title'))).toEqual([]);
    const long = titleIssues('好'.repeat(TEXT_MAX + 1), 'title');
    expect(rules(long)).toEqual(['text.too_long']);
    expect(long[0]!.params).toEqual({ max: 200, length: 201 });
  });

  it('refuses featured artists in a title', () => {
    for (const bad of [
      'Song feat. Someone',
      'Song (Feat Someone)',
      'Song ft. Someone',
      'Song featuring Someone',
      '爱你feat.某某',
    ])
      expect(rules(titleIssues(bad, 'title')), bad).toEqual(['title.feat']);
    expect(titleIssues('Song FT. X', 't')[0]).toMatchObject({
      field: 't',
      severity: 'error',
      params: { match: 'FT.' },
    });
  });

  it('refuses Explicit in a title', () => {
    expect(rules(titleIssues('Song (Explicit)', 'title'))).toEqual(['title.explicit']);
    expect(rules(titleIssues('Song [explicit version]', 'title'))).toEqual(['title.explicit']);
    expect(rules(titleIssues('Inexplicitly', 'title'))).toEqual([]);
  });

  it('refuses ALL CAPS titles, allowing short acronyms and Roman numerals', () => {
    for (const bad of ['LOVE STORY', 'DON’T STOP', "DON'T", 'LOVE II', 'DJ LOVE'])
      expect(rules(titleIssues(bad, 'title')), bad).toEqual(['title.all_caps']);
    for (const ok of ['DJ', 'II', 'USA', 'DJ MIX', 'Love Story II', 'MCMXCIX', '我爱你 OK', 'XIII'])
      expect(rules(titleIssues(ok, 'title')), ok).toEqual([]);
  });

  it('refuses web addresses', () => {
    for (const bad of ['Listen at https://example.com/x', 'www.example.com', 'Song example.com', '访问abc.cn'])
      expect(rules(titleIssues(bad, 'title')), bad).toEqual(['text.url']);
  });

  it('refuses e-mail addresses (and not as a handle too)', () => {
    const issues = titleIssues('Mail me: me@example.com', 'title');
    expect(rules(issues)).toEqual(['text.email']);
    expect(issues[0]!.params).toEqual({ match: 'me@example.com' });
  });

  it('refuses @handles, latin or Chinese', () => {
    expect(rules(titleIssues('Song @trackline', 'title'))).toEqual(['text.handle']);
    expect(rules(titleIssues('关注@某某音乐', 'title'))).toEqual(['text.handle']);
    expect(rules(titleIssues('Me @ Home', 'title'))).toEqual([]);
  });

  it('refuses store names, case-insensitively, as words', () => {
    for (const [title, match] of [
      ['QQ音乐独家', 'QQ音乐'],
      ['qq音乐', 'qq音乐'],
      ['酷狗首发', '酷狗'],
      ['酷我', '酷我'],
      ['网易云热歌', '网易云'],
      ['Song (Apple Music Exclusive)', 'Apple Music'],
      ['on itunes', 'itunes'],
      ['SPOTIFY Singles', 'SPOTIFY'],
      ['在Spotify上', 'Spotify'],
      ['YouTube Version', 'YouTube'],
      ['抖音神曲', '抖音'],
      ['TikTok Remix', 'TikTok'],
      ['Deezer Session', 'Deezer'],
      ['JOOX Live', 'JOOX'],
    ]) {
      const issues = titleIssues(title!, 'title');
      expect(rules(issues), title).toEqual(['text.store_name']);
      expect(issues[0]!.params).toEqual({ match });
      expect(issues[0]!.severity).toBe('error');
    }
  });

  it('only warns for store names that are ordinary words', () => {
    for (const title of ['Tidal Wave', 'Amazon Rain']) {
      const issues = titleIssues(title, 'title');
      expect(rules(issues)).toEqual(['text.store_name']);
      expect(issues[0]!.severity).toBe('warning');
    }
  });

  it('reports every broken rule at once', () => {
    expect(rules(titleIssues('LOVE SONG FEAT. X (EXPLICIT) WWW.X.COM', 'title')).sort()).toEqual(
      ['text.url', 'title.all_caps', 'title.explicit', 'title.feat'].sort(),
    );
  });
});

describe('artistIssues', () => {
  it('passes ordinary names, including short caps and & in a duo', () => {
    for (const ok of ['周杰伦', 'Taylor Swift', 'Simon & Garfunkel', 'DJ Snake', 'A-Lin', 'Feather Band'])
      expect(rules(artistIssues(ok, 'primary_artists.0')), ok).toEqual([]);
  });

  it('requires a name and limits its length', () => {
    expect(rules(artistIssues('', 'a'))).toEqual(['text.required']);
    expect(rules(artistIssues('x'.repeat(201), 'a'))).toEqual(['text.too_long']);
  });

  it('refuses featured artists inside a name', () => {
    expect(rules(artistIssues('Alice feat. Bob', 'a'))).toEqual(['artist.feat']);
    expect(rules(artistIssues('Alice ft. Bob', 'a'))).toEqual(['artist.feat']);
  });

  it('warns about several artists in one name and about ALL CAPS', () => {
    const several = artistIssues('周杰伦、蔡依林', 'a');
    expect(rules(several)).toEqual(['artist.multiple']);
    expect(several[0]).toMatchObject({ severity: 'warning', params: { match: '、' } });
    const caps = artistIssues('BLACKPINK', 'a');
    expect(rules(caps)).toEqual(['artist.all_caps']);
    expect(caps[0]!.severity).toBe('warning');
  });

  it('refuses URLs, e-mails, handles and store names in a name', () => {
    expect(rules(artistIssues('Alice www.alice.com', 'a'))).toEqual(['text.url']);
    expect(rules(artistIssues('alice@example.com', 'a'))).toEqual(['text.email']);
    expect(rules(artistIssues('@alice', 'a'))).toEqual(['text.handle']);
    expect(rules(artistIssues('Spotify Singers', 'a'))).toEqual(['text.store_name']);
  });
});

describe('isAllCaps', () => {
  it('counts only latin words longer than 3 letters that are not Roman numerals', () => {
    expect(isAllCaps('ABCD')).toBe(true);
    expect(isAllCaps('ABC')).toBe(false);
    expect(isAllCaps('ABC DEF')).toBe(false);
    expect(isAllCaps('ÉCOLE')).toBe(true);
    expect(isAllCaps('École')).toBe(false);
    expect(isAllCaps('XVIII')).toBe(false);
    expect(isAllCaps('中文歌名')).toBe(false);
  });
});
