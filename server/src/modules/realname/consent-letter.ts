/**
 * The guardian's consent to a minor's use of the service, as a PDF kept like the works' authorization letter
 * (pdf-lib, the letter's font, the drawn signature embedded): who the minor and the guardian are (ID numbers masked),
 * what the guardian consents to (the account, processing the minor's personal information for these purposes,
 * submitting works and signing their letters together, earnings paid to the guardian's card), when and from where.
 */
import { PDFDocument, rgb } from 'pdf-lib';
import { embedLetterFont, printable } from '../works/pdf-font';

export interface ConsentInput {
  userId: number;
  minorName: string;
  minorIdMasked: string;
  minorBirthDate: string;
  guardianName: string;
  guardianIdMasked: string;
  relation: 'father' | 'mother' | 'other';
  guardianMobileMasked: string;
  signedAt: Date;
  ip: string;
  signaturePng: Buffer;
}

const RELATIONS = { father: '父亲 Father', mother: '母亲 Mother', other: '其他监护人 Other guardian' } as const;

export const CONSENT_TEXT = {
  zh: '本人作为上述未成年人的监护人，已阅读并同意《未成年人用户协议》及《个人信息保护政策》，同意其注册并使用乐轨音乐（Trackline）发行服务；同意平台为实名认证、作品发行与版权授权、收益结算及法律义务之目的处理其个人信息（不满十四周岁者的个人信息为敏感个人信息）；作品发行授权书由未成年人与本人共同署名，其收益仅可提现至本人名下已认证的银行卡。本人可随时撤回同意。',
  en: "As the guardian of the minor above, I have read and agree to the minors' terms and the privacy policy; I consent to their registering and using Trackline's distribution service, and to the processing of their personal information for real-name verification, releasing works and licensing their rights, settling earnings and legal duties (a child under 14's personal information is sensitive). Their authorization letters name me beside them, and their earnings may only be withdrawn to my own verified bank card. I may withdraw this consent at any time.",
} as const;

function shanghaiTime(at: Date): string {
  const local = new Date(at.getTime() + 8 * 3600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)} (UTC+8)`;
}

export async function consentLetter(input: ConsentInput, warn: (msg: string) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const f = await embedLetterFont(doc, warn);
  doc.setTitle(printable(f, '监护人同意书 Guardian consent'));
  doc.setCreator('Trackline');
  doc.setProducer('Trackline');
  doc.setCreationDate(input.signedAt);
  const page = doc.addPage([595.28, 841.89]);
  const ink = rgb(0.1, 0.1, 0.12);
  let y = 790;
  const width = 595.28 - 112;
  const line = (text: string, size = 10.5) => {
    // wrap by characters: the text mixes CJK and Latin
    let rest = printable(f, text);
    while (rest.length > 0) {
      let cut = rest.length;
      while (cut > 1 && f.font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      page.drawText(rest.slice(0, cut), { x: 56, y, size, font: f.font, color: ink });
      rest = rest.slice(cut);
      y -= size * 1.5;
    }
  };
  line('监护人同意书', 18);
  line('Guardian consent', 13);
  y -= 8;
  line(`未成年人 Minor：${input.minorName}（身份证 ID ${input.minorIdMasked}，出生 born ${input.minorBirthDate}）`);
  line(`用户 User ID：${input.userId}`);
  line(`监护人 Guardian：${input.guardianName}（身份证 ID ${input.guardianIdMasked}）`);
  line(`关系 Relationship：${RELATIONS[input.relation]}`);
  line(`监护人手机 Guardian's mobile：${input.guardianMobileMasked}`);
  y -= 8;
  line(CONSENT_TEXT.zh);
  y -= 4;
  line(CONSENT_TEXT.en, 9.5);
  y -= 8;
  line(`签署时间 Signed at：${shanghaiTime(input.signedAt)}    IP：${input.ip}`);
  line('监护人签名 Guardian’s signature：');
  const image = await doc.embedPng(input.signaturePng);
  const scaled = image.scaleToFit(220, 90);
  y -= scaled.height;
  page.drawImage(image, { x: 68, y, width: scaled.width, height: scaled.height });
  return doc.save();
}
