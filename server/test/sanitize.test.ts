import { describe, expect, it } from 'vitest';
import { cleanHtml } from '../src/modules/content/sanitize';

/** What must never survive: executable markup, event handlers, dangerous URL schemes, embedded documents. */
const DANGER =
  /<script|<iframe|<object|<embed|<svg|<math|<form|<input|<style|\son\w+=|javascript:|vbscript:|data:|expression\(|style=/i;

describe('cleanHtml', () => {
  const payloads: Record<string, string> = {
    'script tag': '<p>hi</p><script>alert(1)</script>',
    'script with attributes': '<script src="https://evil.example/x.js"></script>',
    'img onerror': '<img src=x onerror=alert(1)>',
    'img onerror, quoted': '<img src="https://a.example/x.png" onerror="alert(document.cookie)">',
    'javascript: href': '<a href="javascript:alert(1)">x</a>',
    'JaVaScRiPt: mixed case': '<a href="JaVaScRiPt:alert(1)">x</a>',
    'leading space and tab': '<a href=" java\tscript:alert(1)">x</a>',
    'decimal entities': '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    'hex entities and &colon;': '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
    'entity tab inside scheme': '<a href="jav&#x09;ascript:alert(1)">x</a>',
    'data: href': '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    'data: img src': '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    'vbscript: href': '<a href="vbscript:msgbox(1)">x</a>',
    'svg onload': '<svg onload=alert(1)><circle r="1"/></svg>',
    'svg with script': '<svg><script>alert(1)</script></svg>',
    'style expression': '<p style="width:expression(alert(1));background:url(javascript:alert(1))">s</p>',
    'style tag': '<style>body{background:url("javascript:alert(1)")}</style><p>t</p>',
    iframe: '<iframe src="https://evil.example"></iframe>',
    'iframe srcdoc': '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    object: '<object data="evil.swf" type="application/x-shockwave-flash"></object>',
    embed: '<embed src="evil.swf">',
    'form and autofocus input': '<form action="https://evil.example"><input onfocus=alert(1) autofocus></form>',
    'malformed nesting': '<p><b>un<i>closed</p><div><table><tr><td>1</div><img src=x onerror=alert(1)//',
    'broken-up script': '<scr<script>ipt>alert(1)</scr</script>ipt>',
    'attribute breakout': '"><script>alert(1)</script><img src=x onerror=alert(1)>',
    'math xlink': '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    'base href': '<base href="javascript:alert(1)//">',
    'link stylesheet': '<link rel="stylesheet" href="https://evil.example/x.css">',
    'details ontoggle': '<details open ontoggle=alert(1)>x</details>',
  };

  for (const [name, payload] of Object.entries(payloads)) {
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
