/**
 * /admin/withdrawals (role finance; admins pass): the withdrawal queue (approve, refuse, details with balance and
 * history, freeze), payout batches (dev provider or the bank's CSV file and its result), the monthly withholding
 * report for filing, and the banks and BINs payouts know.
 */
import { Tabs } from 'antd';
import { useAdminT } from '../i18n';
import { PageHeader } from '../shell/page-header';
import { BanksTab, BatchesTab, TaxTab } from './other-tabs';
import { QueueTab } from './queue-tab';
import './withdrawals.css';

export default function WithdrawalsPage() {
  const { t } = useAdminT();
  return (
    <>
      <PageHeader title={t('withdrawals.title')} />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'queue', label: t('withdrawals.tabs.queue'), children: <QueueTab /> },
          { key: 'batches', label: t('withdrawals.tabs.batches'), children: <BatchesTab /> },
          { key: 'tax', label: t('withdrawals.tabs.tax'), children: <TaxTab /> },
          { key: 'banks', label: t('withdrawals.tabs.banks'), children: <BanksTab /> },
        ]}
      />
    </>
  );
}
