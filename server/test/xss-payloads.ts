/**
 * The usual XSS payloads, and what must never survive them: the sanitizer's unit test (sanitize.test.ts) and the
 * console's end-to-end check (content-admin.test.ts: saved through the admin API, read back through the public
 * one) use the same list.
 */
/** What must never survive: executable markup, event handlers, dangerous URL schemes, embedded documents. */
export const DANGER =
  /<script|<iframe|<object|<embed|<svg|<math|<form|<input|<style|\son\w+=|javascript:|vbscript:|data:|expression\(|style=/i;

export const XSS_PAYLOADS: Record<string, string> = {
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
