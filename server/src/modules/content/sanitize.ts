/**
 * The one HTML sanitizer of the content module: every rich-text field goes through `cleanHtml` when it is saved
 * and again when it is shown, so a row written around the service (a script, an old import) is still harmless.
 *
 * An allowlist: text structure, links, images, simple tables and code. No style attributes, no event handlers, no
 * frames, objects, forms or SVG. URLs may be http, https, mailto (links only) or relative; entity-encoded schemes
 * are decoded before they are judged. A link that opens a new window always gets rel="noopener noreferrer".
 */
import sanitizeHtml from 'sanitize-html';

/** Classes the editor may put on span and div (alignment, call-out boxes); any other class is dropped. */
const SAFE_CLASSES = ['tip', 'note', 'warning', 'highlight', 'align-center', 'align-right', 'align-justify'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'code',
    'pre',
    'hr',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedClasses: { span: SAFE_CLASSES, div: SAFE_CLASSES },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  allowedStyles: {},
  // Dropped with their content: what is inside them is code or markup, never text meant for the reader.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href !== undefined) out.href = attribs.href;
      if (attribs.title !== undefined) out.title = attribs.title;
      // Only the two meaningful targets; a new window never gets a handle on this page.
      if (attribs.target === '_blank' || attribs.target === '_self') {
        out.target = attribs.target;
        if (attribs.target === '_blank') out.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Record<string, string> = {};
      for (const name of ['src', 'alt'] as const) if (attribs[name] !== undefined) out[name] = attribs[name];
      for (const name of ['width', 'height'] as const)
        if (attribs[name] !== undefined && /^\d{1,4}%?$/.test(attribs[name])) out[name] = attribs[name];
      return { tagName, attribs: out };
    },
  },
  // An image whose src was refused is no image at all.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function cleanHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}
