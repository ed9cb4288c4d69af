/**
 * DDEX DSR flat files (dsr1 §6–7, dsr8 §5; money.md §1.1), read as a stream of lines: TAB-separated cells, one
 * `HEAD`, one or more summary records (`SYxx`), blocks of `RE01` (release), `AS01`/`AS02` (resource) and
 * `SU01`/`SU02`/`SU03` (sales/usage) lines, one `FOOT` whose counts are checked before anything is accepted.
 *
 * Cell positions (after the record type) as this parser reads them, for the Basic Audio profile:
 *   HEAD  MessageVersion, Profile, ProfileVersion, MessageId, MessageCreatedDateTime, FileNumber, NumberOfFiles,
 *         UsageStartDate, UsageEndDate, SenderPartyId, SenderName, ServiceDescription, RecipientPartyId, ...
 *   SYxx  SummaryRecordId, DistributionChannel, DistributionChannelDPID, CommercialModel, UseType, Territory,
 *         ServiceDescription, Usages, Users, Currency, NetRevenue, ...
 *   RE01  BlockId, ReleaseReference, DspReleaseId, ProprietaryReleaseId, CatalogNumber, ICPN (UPC), DisplayTitle, ...
 *   ASxx  BlockId, ResourceReference, DspResourceId, ISRC, Title, ...
 *   SUxx  BlockId, SummaryRecordId, SalesTransactionId, ReleaseReference, ResourceReference, IsRoyaltyBearing,
 *         Usages, NetRevenue (in the summary record's currency)
 *   FOOT  NumberOfLinesInFile, NumberOfLinesInReport, NumberOfSummaryRecords, NumberOfBlocksInFile,
 *         NumberOfBlocksInReport
 * A line's sale month is the report's usage period start; its territory and currency come from its summary record.
 *
 * A report split across several files (HEAD's FileNumber of NumberOfFiles, one MessageId) is read as one: the
 * files in order, summary records carried from file to file; each FOOT's file counts are checked against its
 * file, and the last FOOT's report counts (lines, summary records, blocks) against all the files together.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { decimal, integer, normaliseIsrc, normaliseUpc, StatementError, type StatementLine } from './statement-line';

export interface DsrHeader {
  messageId: string;
  sender: string;
  senderName: string;
  profile: string;
  fileNumber: number;
  numberOfFiles: number;
  periodStart: string;
  periodEnd: string;
  service: string;
  createdAt: string;
}

export interface DsrCounts {
  lines: number;
  summaries: number;
  blocks: number;
  sales: number;
}

interface Summary {
  territory: string;
  currency: string;
}

const cells = (raw: string) => raw.replace(/\r$/, '').split('\t');

/** What the files of one report share while they are read one after the other. */
export interface DsrReport {
  first?: DsrHeader;
  summaries: Map<string, Summary>;
  files: number;
  lines: number;
  blocks: number;
}

export const newDsrReport = (): DsrReport => ({ summaries: new Map(), files: 0, lines: 0, blocks: 0 });

function parseHead(c: string[], lineNo: number): DsrHeader {
  const start = (c[8] ?? '').trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start)) throw new StatementError(`usage start "${start}" is not a date`, lineNo);
  const header: DsrHeader = {
    messageId: (c[4] ?? '').trim(),
    sender: (c[10] ?? '').trim(),
    senderName: (c[11] ?? '').trim(),
    profile: (c[2] ?? '').trim(),
    fileNumber: Number(c[6]),
    numberOfFiles: Number(c[7]),
    periodStart: start,
    periodEnd: (c[9] ?? '').trim(),
    service: (c[12] ?? '').trim(),
    createdAt: (c[5] ?? '').trim(),
  };
  if (!header.messageId || !header.sender) throw new StatementError('HEAD needs a MessageId and a sender', lineNo);
  if (!/BasicAudio/i.test(header.profile))
    throw new StatementError(`profile "${header.profile}" is not supported (BasicAudioProfile is)`, lineNo);
  const { fileNumber: n, numberOfFiles: of } = header;
  if (!Number.isInteger(n) || !Number.isInteger(of) || of < 1 || of > 100 || n < 1 || n > of)
    throw new StatementError(`HEAD's FileNumber "${c[6]}" of NumberOfFiles "${c[7]}" does not read`, lineNo);
  return header;
}

/** The HEAD of a DSR file (its first line), read before the file is: which report and which file of it. */
export async function peekDsrHeader(file: string): Promise<DsrHeader> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(8192);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const first = buf.subarray(0, bytesRead).toString('utf8').split('\n')[0] ?? '';
    const c = cells(first.replace(/^\uFEFF/, ''));
    if (c[0] !== 'HEAD') throw new StatementError('a DSR file starts with a HEAD record', 1);
    return parseHead(c, 1);
  } finally {
    await fh.close();
  }
}

/** The files of one report (in FileNumber order) read as one; an error names its file when there are several. */
export async function* readDsrReport(
  files: string[],
  onHeader: (header: DsrHeader) => void | Promise<void>,
): AsyncGenerator<StatementLine> {
  const report = newDsrReport();
  for (const [i, file] of files.entries()) {
    try {
      yield* readDsr(createReadStream(file), i === 0 ? onHeader : () => {}, undefined, report);
    } catch (err) {
      if (err instanceof StatementError && files.length > 1)
        throw new StatementError(`file ${i + 1} of ${files.length}, ${err.message}`);
      throw err;
    }
  }
}

/** Reads a DSR file, yielding its sales lines; throws StatementError on a malformed file or wrong footer counts. */
export async function* readDsr(
  input: Readable,
  onHeader: (header: DsrHeader) => void | Promise<void>,
  onDone?: (counts: DsrCounts) => void,
  report: DsrReport = newDsrReport(),
): AsyncGenerator<StatementLine> {
  let header: DsrHeader | undefined;
  let footSeen = false;
  const summaries = report.summaries;
  let lineNo = 0;
  let blocks = 0;
  let sales = 0;
  let saleMonth = '';
  let block:
    | { id: string; releases: Map<string, string>; resources: Map<string, { isrc: string; title: string }> }
    | undefined;

  for await (const raw of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    lineNo += 1;
    if (raw.trim() === '') continue;
    if (footSeen) throw new StatementError('records after FOOT', lineNo);
    const c = cells(raw);
    const type = c[0] ?? '';
    if (lineNo === 1 && type !== 'HEAD') throw new StatementError('a DSR file starts with a HEAD record', lineNo);
    if (type === 'HEAD') {
      if (header) throw new StatementError('a second HEAD record', lineNo);
      header = parseHead(c, lineNo);
      const first = report.first ?? header;
      if (header.fileNumber !== report.files + 1)
        throw new StatementError(
          `file ${header.fileNumber} of the report where file ${report.files + 1} comes`,
          lineNo,
        );
      if (
        header.messageId !== first.messageId ||
        header.sender !== first.sender ||
        header.numberOfFiles !== first.numberOfFiles
      )
        throw new StatementError('a file of another report (MessageId, sender or NumberOfFiles differ)', lineNo);
      report.first = first;
      saleMonth = `${first.periodStart.slice(0, 7)}-01`;
      await onHeader(header);
    } else if (/^SY\d\d$/.test(type)) {
      if (blocks > 0) throw new StatementError('summary records come before the blocks', lineNo);
      const id = (c[1] ?? '').trim();
      summaries.set(id, { territory: (c[6] ?? '').trim().toUpperCase(), currency: (c[10] ?? '').trim().toUpperCase() });
    } else if (type === 'RE01') {
      const id = (c[1] ?? '').trim();
      if (!block || block.id !== id) {
        blocks += 1;
        block = { id, releases: new Map(), resources: new Map() };
      }
      block.releases.set((c[2] ?? '').trim(), normaliseUpc(c[6]));
    } else if (/^AS0[12]$/.test(type)) {
      if (!block || block.id !== (c[1] ?? '').trim()) throw new StatementError(`${type} outside its block`, lineNo);
      block.resources.set((c[2] ?? '').trim(), { isrc: normaliseIsrc(c[4]), title: (c[5] ?? '').trim() });
    } else if (/^SU0[1-3]$/.test(type)) {
      if (!block || block.id !== (c[1] ?? '').trim()) throw new StatementError(`${type} outside its block`, lineNo);
      const summary = summaries.get((c[2] ?? '').trim());
      if (!summary) throw new StatementError(`summary record "${c[2]}" is not in the file`, lineNo);
      const resource = block.resources.get((c[5] ?? '').trim());
      sales += 1;
      yield {
        sale_month: saleMonth,
        territory: summary.territory,
        isrc: resource?.isrc ?? '',
        upc: block.releases.get((c[4] ?? '').trim()) ?? '',
        title: resource?.title ?? '',
        quantity: integer(c[7], 'usages', lineNo),
        amount: decimal(c[8], 'net revenue', lineNo),
        currency: summary.currency,
        fx_rate: '',
      };
    } else if (type === 'FOOT') {
      footSeen = true;
      const expect = (i: number, actual: number, what: string) => {
        if (Number(c[i]) !== actual)
          throw new StatementError(`FOOT says ${c[i]} ${what}, the file has ${actual}`, lineNo);
      };
      expect(1, lineNo, 'lines in the file');
      expect(4, blocks, 'blocks in the file');
      if (header && header.fileNumber === header.numberOfFiles) {
        // the report's counts, on the last file (a cell left empty is not checked)
        const inReport = (i: number, actual: number, what: string) => {
          if ((c[i] ?? '').trim() !== '') expect(i, actual, what);
        };
        inReport(2, report.lines + lineNo, 'lines in the report');
        expect(3, summaries.size, 'summary records');
        inReport(5, report.blocks + blocks, 'blocks in the report');
      }
    } else if (!/^(MW01|RU0[12]|ST01|LI01|LC01)$/.test(type)) {
      throw new StatementError(`unknown record type "${type}"`, lineNo);
    }
  }
  if (!header) throw new StatementError('the file is empty');
  if (!footSeen) throw new StatementError('the file ends without a FOOT record (cut short?)');
  if (header.fileNumber === header.numberOfFiles && summaries.size === 0)
    throw new StatementError('a DSR report has at least one summary record');
  report.files += 1;
  report.lines += lineNo;
  report.blocks += blocks;
  onDone?.({ lines: lineNo, summaries: summaries.size, blocks, sales });
}
