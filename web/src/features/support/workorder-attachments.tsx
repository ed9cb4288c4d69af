/**
 * Attachments of a work order: the upload field of the forms (antd Upload to /api/common/upload with progress,
 * removable items, checked before sending: at most 5 files of at most 10 MB of the allowed kinds) and the links
 * that show them in the thread. The server decides by the bytes; the checks here only spare a useless upload.
 */
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import {
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  type UploadData,
  WORKORDER_ATTACHMENTS_MAX,
  type WorkorderAttachment,
} from '@trackline/contract/workorder-types';
import { App, Button, type FormRule, Upload, type UploadFile, type UploadProps } from 'antd';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { uploadAttachment } from './workorder-api';

export type AttachmentFile = UploadFile<UploadData>;

const EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf', 'txt', 'lrc']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The keys to send: files that finished uploading. */
export function attachmentKeys(files: AttachmentFile[] | undefined): string[] {
  return (files ?? []).flatMap((f) => (f.status === 'done' && f.response?.key ? [f.response.key] : []));
}

/** The field's rule: no file may still be uploading or have failed when the form is sent. */
export function attachmentRules(t: TFunction): FormRule[] {
  return [
    {
      validator: (_, files: AttachmentFile[] | undefined) => {
        const pending = files?.find((f) => f.status === 'uploading');
        if (pending) return Promise.reject(new Error(t('workorders.uploadPending')));
        const failed = files?.find((f) => f.status === 'error');
        if (failed) return Promise.reject(new Error(t('workorders.uploadFailed', { name: failed.name })));
        return Promise.resolve();
      },
    },
  ];
}

interface AttachmentUploadProps {
  id?: string;
  value?: AttachmentFile[];
  onChange?: (files: AttachmentFile[]) => void;
}

export function AttachmentUpload({ id, value = [], onChange }: AttachmentUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const hintId = `${useId()}-hint`;

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const kept = value.filter((f) => f.status !== 'error').length;
    const position = kept + batch.indexOf(file);
    if (position >= WORKORDER_ATTACHMENTS_MAX) {
      // One notice per batch: on the first file that does not fit.
      if (position === Math.max(kept, WORKORDER_ATTACHMENTS_MAX)) message.error(t('workorders.uploadTooMany'));
      return Upload.LIST_IGNORE;
    }
    if (!EXTENSIONS.has(extensionOf(file.name))) {
      message.error(t('workorders.uploadTypeInvalid', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      message.error(t('workorders.uploadTooLarge', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    if (!(file instanceof File)) return;
    uploadAttachment(file, (percent) => onProgress?.({ percent })).then(
      (data) => onSuccess?.(data),
      (error: unknown) => {
        const reason = isApiError(error) && error.msg ? error.msg : t('workorders.uploadFailed', { name: file.name });
        message.error(reason);
        // The reason becomes the failed item's tooltip.
        onError?.(error instanceof Error ? error : new Error(reason), reason);
      },
    );
  };

  const change: UploadProps<UploadData>['onChange'] = ({ fileList }) =>
    onChange?.(fileList.map((f) => (f.status === 'done' && f.response ? { ...f, url: f.response.url } : f)));

  return (
    <div className="workorder-upload">
      <Upload<UploadData>
        id={id}
        multiple
        accept={UPLOAD_ACCEPT}
        fileList={value}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={change}
        showUploadList={{ showRemoveIcon: true, showDownloadIcon: false }}
      >
        <Button
          icon={<UploadOutlined aria-hidden="true" />}
          disabled={value.length >= WORKORDER_ATTACHMENTS_MAX}
          aria-describedby={hintId}
        >
          {t('workorders.upload')}
        </Button>
      </Upload>
      <p id={hintId} className="workorder-upload__hint">
        {t('workorders.attachmentsHint')}
      </p>
    </div>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A reply's attachments as links that open the file in a new tab. */
export function AttachmentLinks({ attachments }: { attachments: WorkorderAttachment[] }) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <ul className="workorder-attachments" aria-label={t('workorders.attachmentsLabel')}>
      {attachments.map((a) => (
        <li key={a.key}>
          <a href={a.url} target="_blank" rel="noopener noreferrer" className="workorder-attachments__link">
            <PaperClipOutlined aria-hidden="true" />
            <span className="workorder-attachments__name">{a.name}</span>
            <span className="workorder-attachments__size">{formatSize(a.size)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
