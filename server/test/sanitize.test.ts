import { describe, expect, it } from 'vitest';
import { cleanHtml } from '../src/modules/content/sanitize';
import { DANGER, XSS_PAYLOADS } from './xss-payloads';

describe('cleanHtml', () => {
  for (const [name, payload] of Object.entries(XSS_PAYLOADS)) {
    it(`neutralises ${name}`, () => {
      const out = cleanHtml(payload);
      expect(out, out).not.toMatch(DANGER);
    });
  }

  it('drops scripts together with their text', () => {
    expect(cleanHtml('<p>hi</p><script>alert(1)</script>')).toBe('<p>hi</p>');
    expect(cleanHtml('<iframe src="https://evil.example">fallback</iframe>')).toBe('');
  });

  it('keeps the link text but not a bad href, and drops an image without a safe src', () => {
    expect(cleanHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(cleanHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('closes malformed nesting', () => {
    expect(cleanHtml('<p><b>un<i>closed</p>')).toBe('<p><b>un<i>closed</i></b></p>');
  });

  it('keeps legitimate rich text', () => {
    const legit = [
      '<h2>标题</h2>',
      '<h3>Sub</h3>',
      '<h4>Minor</h4>',
      '<p>A <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>struck</s> word.<br />Next line</p>',
      '<blockquote>quote</blockquote>',
      '<ul><li>one</li><li>two</li></ul>',
      '<ol><li>first</li></ol>',
      '<a href="https://example.com/page?a=1&amp;b=2" title="Example">https</a>',
      '<a href="http://example.com">http</a>',
      '<a href="mailto:service@trackline.example">mail</a>',
      '<a href="/help-center/index?id=3&amp;type=2&amp;tid=0">relative</a>',
      '<img src="https://cdn.example.com/a.png" alt="cover" width="300" height="200" />',
      '<img src="/files/demo/logo.svg" alt="logo" />',
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">c</td></tr></tbody></table>',
      '<pre><code>const a = 1;</code></pre>',
      '<hr />',
      '<div class="tip">tip</div>',
      '<span class="highlight">mark</span>',
    ];
    for (const html of legit) expect(cleanHtml(html)).toBe(html);
  });

  it('forces rel="noopener noreferrer" on links that open a new window, and drops unknown targets', () => {
    expect(cleanHtml('<a href="https://x.example" target="_blank">l</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">l</a>',
    );
    expect(cleanHtml('<a href="https://x.example" target="_blank" rel="opener">l</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">l</a>',
    );
    expect(cleanHtml('<a href="/x" target="_top">l</a>')).toBe('<a href="/x">l</a>');
  });

  it('drops style attributes and unknown classes', () => {
    expect(cleanHtml('<span class="tip evil" style="color:red">t</span>')).toBe('<span class="tip">t</span>');
    expect(cleanHtml('<p class="tip">t</p>')).toBe('<p>t</p>');
  });

  it('answers an empty string for nothing', () => {
    expect(cleanHtml('')).toBe('');
    expect(cleanHtml(null)).toBe('');
  });
});
