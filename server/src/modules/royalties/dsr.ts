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
 */
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

/** Reads a DSR file, yielding its sales lines; throws StatementError on a malformed file or wrong footer counts. */
export async function* readDsr(
  input: Readable,
  onHeader: (header: DsrHeader) => void | Promise<void>,
  onDone?: (counts: DsrCounts) => void,
): AsyncGenerator<StatementLine> {
  let header: DsrHeader | undefined;
  let footSeen = false;
  const summaries = new Map<string, Summary>();
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
      const start = (c[8] ?? '').trim();
      if (!/^\d{4}-\d{2}-\d{2}$/.test(start)) throw new StatementError(`usage start "${start}" is not a date`, lineNo);
      header = {
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
      if (header.fileNumber !== 1 || header.numberOfFiles !== 1)
        throw new StatementError('multi-file reports are not supported yet: send one file per report', lineNo);
      saleMonth = `${start.slice(0, 7)}-01`;
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
      expect(3, summaries.size, 'summary records');
      expect(4, blocks, 'blocks in the file');
    } else if (!/^(MW01|RU0[12]|ST01|LI01|LC01)$/.test(type)) {
      throw new StatementError(`unknown record type "${type}"`, lineNo);
    }
  }
  if (!header) throw new StatementError('the file is empty');
  if (!footSeen) throw new StatementError('the file ends without a FOOT record (cut short?)');
  if (summaries.size === 0) throw new StatementError('a DSR file has at least one summary record');
  onDone?.({ lines: lineNo, summaries: summaries.size, blocks, sales });
}
