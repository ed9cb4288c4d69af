/** The console's delivery operations texts (issue 13) in English. */
import type { AdminMessages } from '../locales/types';

export const distributionEn: AdminMessages['distribution'] = {
  stores: 'Stores',
  store: 'Store',
  transport: 'Transport',
  counts: 'Messages by state',
  failures: 'Failures',
  hold: 'Hold',
  release: 'Release',
  holdConfirm: 'Hold deliveries to {{name}}? Releases wait in the queue meanwhile.',
  batch: 'Batch',
  batches: 'Recent batches',
  state: 'State',
  files: 'Files',
  messages: 'Messages',
  at: 'Time',
  failed: 'Failed deliveries',
  work: 'Work',
  rule: 'Reason (rule)',
  actions: 'Actions',
  redeliverFull: 'Redeliver in full',
  redeliverMetadata: 'Redeliver metadata',
  diff: 'Diff last two',
  diffTitle: 'What changed between the last two messages',
  diffSame: 'The two messages are the same',
  done: 'Done',
};
