/**
 * The authorization letter a musician signs at step 3, as a PDF made on the server (pdf-lib): it names the work
 * (title, artists, tracks), the rights claimed (property, wcStatement, source and its code), the distribution scope
 * (platforms, territories, release date), the agreement version, when and from which address it was signed, and
 * embeds the drawn signature. Chinese and English side by side; the font is pdf-font.ts's.
 */
import {
  PROPERTY_LABELS,
  type Property,
  SOURCE_LABELS,
  type Source,
  sourceCode,
  WC_STATEMENT_LABELS,
  type WcStatement,
} from '@trackline/contract/work-model';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { embedLetterFont, type LetterFont, printable } from './pdf-font';

export interface LetterTrack {
  position: number;
  title: string;
  version: string;
  primaryArtists: readonly string[];
  featuredArtists: readonly string[];
  isrc: string | null;
}

export interface LetterInput {
  workId: number;
  kind: 'single' | 'album';
  title: string;
  version: string;
  primaryArtists: readonly string[];
  featuredArtists: readonly string[];
  label: string;
  upc: string | null;
  tracks: readonly LetterTrack[];
  property: Property;
  wcStatement: WcStatement;
  source: Source;
  platforms: ReadonlyArray<{ code: string; nameZh: string; nameEn: string }>;
  territories: 'worldwide' | readonly string[];
  releaseDate: string;
  agreementVersion: string;
  signedAt: Date;
  ip: string;
  signer: {
    id: number;
    nickname: string;
    mobile: string;
    /** The legal party (account/legal-party.ts): the verified real name or company, and a minor's guardian. */
    legal?: { kind: 'person' | 'minor' | 'enterprise'; name: string; guardianName?: string };
  };
  /** The drawn signature (a checked PNG), or null when wcStatement 1 chose not to draw one. */
  signaturePng: Buffer | null;
}

/** The signature's header was fine but its image data does not decode. */
export class SignatureUndecodable extends Error {
  constructor(cause: unknown) {
    super('the signature PNG does not decode', { cause });
  }
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);

/** Latin words stay whole; CJK and other characters without spaces may break anywhere. */
function tokens(text: string): string[] {
  return text.match(/[\p{Script=Latin}\p{N}'’.,:;!?@#&()/\-–—]+\s*|\s+|./gsu) ?? [];
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const token of tokens(paragraph)) {
      const candidate = line + token;
      if (font.widthOfTextAtSize(candidate.trimEnd(), size) <= width) {
        line = candidate;
        continue;
      }
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = token.trimStart();
      // a single token wider than the line (a long URL-like name): cut it by characters
      while (font.widthOfTextAtSize(line.trimEnd(), size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** Writes top to bottom, starting a new page when the current one is full. */
class Writer {
  page: PDFPage;
  y: number;
  readonly width = A4[0] - 2 * MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly f: LetterFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private room(height: number): void {
    if (this.y - height >= MARGIN + 20) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  text(value: string, options: { size?: number; indent?: number; color?: typeof INK; after?: number } = {}): void {
    const { size = 10.5, indent = 0, color = INK, after = 2 } = options;
    const lineHeight = size * 1.45;
    for (const line of wrap(this.f.font, printable(this.f, value), size, this.width - indent)) {
      this.room(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y + size * 0.3, size, font: this.f.font, color });
    }
    this.y -= after;
  }

  /** "标签 Label: value", the value wrapped under itself. */
  field(label: string, value: string): void {
    this.text(`${label}：${value}`, { indent: 12 });
  }

  heading(value: string): void {
    this.y -= 8;
    this.text(value, { size: 12.5, after: 4 });
  }

  gap(points: number): void {
    this.y -= points;
  }

  async image(png: Buffer, maxWidth: number, maxHeight: number): Promise<void> {
    const image = await this.doc.embedPng(png).catch((err: unknown) => {
      throw new SignatureUndecodable(err);
    });
    const scaled = image.scaleToFit(maxWidth, maxHeight);
    this.room(scaled.height + 4);
    this.y -= scaled.height + 4;
    this.page.drawImage(image, { x: MARGIN + 12, y: this.y, width: scaled.width, height: scaled.height });
    this.page.drawLine({
      start: { x: MARGIN + 12, y: this.y - 2 },
      end: { x: MARGIN + 12 + Math.max(scaled.width, 160), y: this.y - 2 },
      thickness: 0.6,
      color: MUTED,
    });
    this.y -= 8;
  }
}

const names = (list: readonly string[]) => (list.length > 0 ? list.join(' / ') : '—');
const both = (label: { zh: string; en: string }) => `${label.zh} ${label.en}`;

/** Shanghai wall-clock time of the signature, with its offset written out. */
function shanghaiTime(at: Date): string {
  const local = new Date(at.getTime() + 8 * 3600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)} (UTC+8)`;
}

function titleWithVersion(title: string, version: string): string {
  return version ? `${title}（${version}）` : title;
}

export const LETTER_TEXT = {
  zh: '本人（授权人）确认以上信息真实、准确、完整，保证对上述作品享有所声明的权利，且该作品不侵犯任何第三方的合法权益。本人授权乐轨音乐（Trackline）及其合作方在上述发行范围内，以数字形式复制、发行并通过信息网络向公众传播上述作品，并按平台规则结算收益。如因本人声明不实引起任何纠纷或损失，由本人承担全部责任。',
  en: "I, the authorizing party, confirm that the information above is true, accurate and complete, that I hold the rights declared above for this work, and that it infringes no third party's rights. I authorize Trackline and its partners to reproduce, distribute and make the work available to the public in digital form within the scope above, with earnings settled under the platform's rules. I bear full responsibility for any dispute or loss arising from an untrue declaration.",
} as const;

/** The letter as PDF bytes. Throws SignatureUndecodable when the signature's image data does not decode. */
export async function authorizationLetter(
  input: LetterInput,
  warn: (msg: string) => void = () => undefined,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const f = await embedLetterFont(doc, warn);
  const title = titleWithVersion(input.title, input.version);
  doc.setTitle(printable(f, `音乐作品发行授权书 Authorization letter – ${title}`));
  doc.setSubject(printable(f, `${title} · ${names(input.primaryArtists)}`));
  doc.setAuthor(printable(f, input.signer.legal?.name || input.signer.nickname || `user ${input.signer.id}`));
  doc.setCreator('Trackline');
  doc.setProducer('Trackline');
  doc.setCreationDate(input.signedAt);
  doc.setModificationDate(input.signedAt);

  const w = new Writer(doc, f);
  w.text('音乐作品发行授权书', { size: 18, after: 0 });
  w.text('Music Release Authorization Letter', { size: 13, color: MUTED, after: 6 });
  w.text(`作品编号 Work ID：${input.workId}    协议版本 Agreement version：${input.agreementVersion}`, {
    size: 9.5,
    color: MUTED,
  });

  w.heading('一、作品 The work');
  w.field('作品名称 Title', `《${title}》`);
  w.field('类型 Type', input.kind === 'album' ? '专辑 Album' : '单曲 Single');
  w.field('主要艺人 Primary artists', names(input.primaryArtists));
  if (input.featuredArtists.length > 0) w.field('合作艺人 Featured artists', names(input.featuredArtists));
  if (input.label) w.field('厂牌 Label', input.label);
  w.field('UPC/EAN', input.upc ?? '审核通过时分配 Assigned at approval');
  w.text('曲目 Tracks：', { indent: 12 });
  for (const t of input.tracks) {
    const artists = names([...t.primaryArtists, ...t.featuredArtists.map((a) => `feat. ${a}`)]);
    const isrc = t.isrc ? `ISRC ${t.isrc}` : 'ISRC 审核通过时分配 assigned at approval';
    w.text(`${t.position}. ${titleWithVersion(t.title, t.version)} — ${artists} — ${isrc}`, { indent: 24 });
  }

  w.heading('二、权利声明 Rights claimed');
  w.field('作品性质 Property', both(PROPERTY_LABELS[input.property]));
  w.field('权利声明 Rights statement', both(WC_STATEMENT_LABELS[input.wcStatement]));
  w.field('作品来源 Source', `${both(SOURCE_LABELS[input.source])}（代码 Code ${sourceCode(input.source)}）`);

  w.heading('三、发行范围 Distribution scope');
  w.field(
    '发行平台 Platforms',
    input.platforms.map((p) => (p.nameZh === p.nameEn ? p.nameEn : `${p.nameZh} ${p.nameEn}`)).join('、'),
  );
  w.field('发行地区 Territories', input.territories === 'worldwide' ? '全球 Worldwide' : input.territories.join(', '));
  w.field('发行日期 Release date', input.releaseDate);

  w.heading('四、授权与承诺 Authorization and undertaking');
  w.text(LETTER_TEXT.zh, { indent: 12, after: 6 });
  w.text(LETTER_TEXT.en, { indent: 12, size: 9.5 });

  w.heading('五、签署 Signature');
  const legal = input.signer.legal;
  const account = `用户 User ID ${input.signer.id}，${input.signer.mobile}`;
  if (legal?.kind === 'enterprise') {
    w.field('授权单位 Authorizing company', `${legal.name}（${account}）`);
  } else if (legal) {
    w.field('授权人 Signed by', `${legal.name}（${account}）`);
  } else {
    w.field('授权人 Signed by', `${input.signer.nickname}（${account}）`);
  }
  if (legal?.kind === 'minor' && legal.guardianName) {
    w.field(
      '监护人 Guardian',
      `${legal.guardianName}（作为未成年授权人的监护人同意并共同签署 consents and signs as the minor's guardian）`,
    );
  }
  w.field('签署时间 Signed at', shanghaiTime(input.signedAt));
  w.field('IP 地址 IP address', input.ip);
  if (input.signaturePng) {
    w.text('手写签名 Drawn signature：', { indent: 12 });
    await w.image(input.signaturePng, 220, 90);
  } else {
    w.field(
      '手写签名 Drawn signature',
      '未签名（权利声明为“拥有全部权利”时可不签） None (optional when holding all rights)',
    );
  }

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const footer = `Trackline · ${input.agreementVersion} · ${i + 1} / ${pages.length}`;
    page.drawText(footer, { x: MARGIN, y: MARGIN / 2, size: 8, font: f.font, color: MUTED });
  });
  return doc.save();
}
