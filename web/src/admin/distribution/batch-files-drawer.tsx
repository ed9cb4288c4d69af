/**
 * A batch's files, opened from its row on /admin/distribution: each file with its path in the batch folder, what it
 * is (a release's message XML, a resource it carries, the BatchComplete marker), its size, its SHA-256 and its state,
 * and the messages the batch carries. Loading, failed (with a retry) and empty states.
 */
import type { BatchFileKind, BatchFileState, OpsBatchFile } from '@trackline/contract/distribution-types';
import { Drawer, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import { type AdminKey, useAdminT } from '../i18n';
import { LoadFailed } from '../shell/load-failed';
import { useBatchDetail } from './distribution-api';

const KIND: Record<BatchFileKind, AdminKey> = {
  message: 'distribution.kindMessage',
  resource: 'distribution.kindResource',
  batch_complete: 'distribution.kindBatchComplete',
};

const STATE: Record<BatchFileState, { text: AdminKey; color: string }> = {
  uploaded: { text: 'distribution.fileUploaded', color: 'success' },
  uploading: { text: 'distribution.fileUploading', color: 'processing' },
  not_sent: { text: 'distribution.fileNotSent', color: 'error' },
};

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1048576) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1048576).toFixed(1)} MiB`;
}

export function BatchFilesDrawer({
  batch,
  onClose,
}: {
  batch: { id: number; folder: string } | null;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const detail = useBatchDetail(batch?.id ?? null);
  const data = detail.data;

  const columns = [
    {
      key: 'path',
      title: t('distribution.filePath'),
      render: (_: unknown, f: OpsBatchFile) => <span data-testid="batch-file-path">{f.path}</span>,
    },
    {
      key: 'kind',
      title: t('distribution.fileKind'),
      render: (_: unknown, f: OpsBatchFile) => <span data-testid="batch-file-kind">{t(KIND[f.kind])}</span>,
    },
    { key: 'size', title: t('distribution.fileSize'), render: (_: unknown, f: OpsBatchFile) => size(f.size_bytes) },
    {
      key: 'sha256',
      title: t('distribution.fileHash'),
      render: (_: unknown, f: OpsBatchFile) => (
        <Typography.Text code copyable={{ text: f.sha256 }} title={f.sha256}>
          {f.sha256.slice(0, 12)}…
        </Typography.Text>
      ),
    },
    {
      key: 'state',
      title: t('distribution.fileState'),
      render: (_: unknown, f: OpsBatchFile) => <Tag color={STATE[f.state].color}>{t(STATE[f.state].text)}</Tag>,
    },
  ];

  return (
    <Drawer
      open={batch !== null}
      onClose={onClose}
      width={960}
      title={batch ? t('distribution.filesTitle', { folder: batch.folder }) : ''}
    >
      {detail.isError ? (
        <LoadFailed onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <div data-testid="batch-files">
          <h3 className="ops-heading">{t('distribution.filesMessages')}</h3>
          <p>
            {data.messages.map((m) => (
              <Tag key={m.id}>{`#${m.work_id} ${m.work_title} · ${m.message_id} · ${m.action} · ${m.state}`}</Tag>
            ))}
          </p>
          {data.file_list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('distribution.filesEmpty')} />
          ) : (
            <>
              <Table
                rowKey="path"
                size="small"
                columns={columns}
                dataSource={data.file_list}
                pagination={false}
                scroll={{ x: 800 }}
              />
              <p className="ops-note">{t('distribution.filesNote')}</p>
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}
