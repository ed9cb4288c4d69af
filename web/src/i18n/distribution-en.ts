/** The delivery pages' texts (issue 13) in English; the same keys as distribution-zh-cn.ts (the type checks it). */
import type { Messages } from './messages';

export const distributionEn: Messages['distribution'] = {
  title: 'Stores for "{{title}}"',
  open: 'Stores',
  intro:
    'Your work is sent to each store you chose. "Delivered" means the store has it, not that it is live: each store publishes on its own schedule.',
  listLabel: 'Where the work stands at each store',
  empty: 'This work has no stores',
  since: 'since {{time}}',
  expected: 'expected live by {{date}} (this store usually takes {{days}} days)',
  liveBy: { store: 'confirmed live by the store', editor: 'confirmed live by a Trackline editor' },
  notLiveYet: {
    store: 'Delivered, not live yet: this updates, and you get a message, when the store confirms it is live.',
    editor: 'Delivered, not live yet: this store reports nothing back; a Trackline editor updates it once it is live.',
  },
  manualHint: 'Trackline staff handle this store by hand; an editor confirms when it is live.',
  who: {
    musician: 'You need to act',
    staff: 'Trackline staff are on it: nothing for you to do',
    store: 'Waiting for the store',
  },
  state: {
    queued: 'Queued',
    built: 'Being prepared',
    validated: 'Checked',
    uploading: 'Sending',
    delivered: 'Delivered',
    acknowledged: 'Accepted by the store',
    live: 'Live',
    failed: 'Not delivered',
    taken_down: 'Taken down',
    purged: 'Removed permanently',
    manual: 'Handled by staff',
  },
  takedown: {
    open: 'Request a takedown…',
    title: 'Request a takedown',
    intro:
      'Choose the stores to take the work down from. Stores usually take 2–10 working days; you can bring it back later.',
    button: 'Take down from the chosen stores',
    confirmAll: 'Take this work down from every store?',
    confirmSome: 'Take this work down from these stores?',
    text: 'It is taken down from {{stores}}. The takedown is sent at once; each store’s progress shows here.',
    ok: 'Take down',
    done: 'Takedown requested',
  },
  restore: {
    button: 'Bring it back',
    confirm: 'Bring this work back to its stores?',
    text: 'The work is sent again to the stores it was on.',
    ok: 'Bring it back',
    done: 'Sent to its stores again',
  },
};
