/**
 * /admin/royalties (role finance; admins pass): report imports with their progress, the unmatched queue,
 * reconciliation of imported against remitted per store and month, and the ledger's invariants.
 */
import { Tabs } from 'antd';
import { useAdminT } from '../i18n';
import { PageHeader } from '../shell/page-header';
import { ImportsTab } from './imports-tab';
import { MappingsTab } from './mappings-tab';
import { LedgerTab, ReconciliationTab, UnmatchedTab } from './queue-tabs';
import './royalties.css';

export default function RoyaltiesPage() {
  const { t } = useAdminT();
  return (
    <>
      <PageHeader title={t('royalties.title')} />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'imports', label: t('royalties.tabs.imports'), children: <ImportsTab /> },
          { key: 'mappings', label: t('royalties.tabs.mappings'), children: <MappingsTab /> },
          { key: 'unmatched', label: t('royalties.tabs.unmatched'), children: <UnmatchedTab /> },
          { key: 'reconciliation', label: t('royalties.tabs.reconciliation'), children: <ReconciliationTab /> },
          { key: 'ledger', label: t('royalties.tabs.ledger'), children: <LedgerTab /> },
        ]}
      />
    </>
  );
}
