/**
 * What a musician may upload through POST /api/common/upload, decided by the bytes (never the declared type):
 * - images: PNG, JPEG, GIF, WebP (sniffImage; SVG is refused, it can carry script);
 * - PDF: starts with %PDF-;
 * - plain text and lyrics (.txt, .lrc): valid UTF-8 without NUL bytes. Text has no magic number, so here the
 *   name must say .txt or .lrc as well: a text file named .png claims to be an image it is not, and is refused.
 * Each refusal names the rule that failed (the catalogue's 2063–2067, 2221). Images are read with sharp (libvips):
 * one declaring more than 10000 pixels a side or 100 megapixels is refused from its header, never decoded (2067);
 * any other is decoded whole, and one that does not decode (cut, a chunk whose CRC does not match, bad data) is
 * refused as unreadable (2221) rather than stored as an image.
 */
import type { ErrorKey } from '@trackline/contract/errors';
import { UPLOAD_NAME_MAX, type UploadKind } from '@trackline/contract/workorder-types';
import { sniffImage } from '../../platform/storage/storage';
import { decodesWhole, imageMetadata, tooLarge } from '../media/image';

export interface UploadClass {
  kind: UploadKind;
  ext: string;
  contentType: string;
}

const TEXT_EXTENSIONS = new Set(['txt', 'lrc']);
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function isUtf8Text(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

const LIBVIPS_FORMAT = { png: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp' } as const;

/** The file's class, or the catalogue key of the rule it breaks. */
export async function classifyUpload(buf: Buffer, name: string): Promise<UploadClass | { refused: ErrorKey }> {
  if (buf.length === 0) return { refused: 'UPLOAD_EMPTY' };
  // What the first bytes claim; libvips then says whether it really is that image.
  const image = sniffImage(buf);
  if (image) {
    const header = await imageMetadata(buf);
    if (header?.format !== LIBVIPS_FORMAT[image.ext]) return { refused: 'UPLOAD_IMAGE_UNREADABLE' };
    // A small file declaring a huge picture would cost whoever displays it gigabytes: refused from its header.
    if (tooLarge(header)) return { refused: 'UPLOAD_IMAGE_TOO_LARGE' };
    if (!(await decodesWhole(buf))) return { refused: 'UPLOAD_IMAGE_UNREADABLE' };
    return { kind: 'image', ext: image.ext, contentType: image.type };
  }
  if (buf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    return { kind: 'pdf', ext: 'pdf', contentType: 'application/pdf' };
  const ext = extensionOf(name);
  if (!TEXT_EXTENSIONS.has(ext)) return { refused: 'UPLOAD_TYPE_REFUSED' };
  if (!isUtf8Text(buf)) return { refused: 'UPLOAD_TEXT_INVALID' };
  return { kind: 'text', ext, contentType: 'text/plain; charset=utf-8' };
}

/** Invisible and control characters, and those file systems or HTML make trouble of. */
function isUnwanted(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff ||
    '<>:"/\\|?*'.includes(String.fromCodePoint(code))
  );
}

/**
 * The name shown for a file: the last path segment the client sent, without control, bidi or reserved characters,
 * spaces collapsed, at most UPLOAD_NAME_MAX characters (ending in the stored extension when it has to cut); `file.<ext>` when
 * nothing is left.
 */
export function sanitizeFileName(raw: string | undefined, ext: string): string {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const kept = Array.from(last.normalize('NFC'))
    .filter((ch) => !isUnwanted(ch.codePointAt(0)!))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(kept);
  if (chars.length === 0) return `file.${ext}`;
  if (chars.length <= UPLOAD_NAME_MAX) return kept;
  const suffix = Array.from(`.${ext}`);
  return chars.slice(0, UPLOAD_NAME_MAX - suffix.length).join('') + suffix.join('');
}
