/**
 * An image URL field for Form.Item: a preview of the current image, upload (PNG/JPEG/GIF/WebP up to
 * 2 MiB, checked before sending) and remove. Form.Item passes `id`, `value` and `onChange`; the id goes
 * to the file input so the item's label names it.
 */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Upload, type UploadProps } from 'antd';
import { useId, useState } from 'react';
import { useAdminT } from '../i18n';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, isAllowedImageType, uploadImage } from './upload-api';

interface ImageUploadFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The field's name, which describes the upload and remove buttons to screen readers. */
  label: string;
}

export function ImageUploadField({ id, value, onChange, label }: ImageUploadFieldProps) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  // The buttons say what they do ("上传图片", "移除"); the field they act on is their description, which
  // keeps the field's name on the file input alone (one match for "get by label").
  const nameId = `${useId()}-name`;

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!isAllowedImageType(file.type)) {
      message.error(t('upload.typeInvalid'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      message.error(t('upload.tooLarge'));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    if (!(file instanceof File)) return;
    setUploading(true);
    uploadImage(file)
      .then((url) => {
        onChange?.(url);
        onSuccess?.(url);
      })
      .catch((error: unknown) => {
        // The client has shown the server's reason in a modal.
        onError?.(error instanceof Error ? error : new Error(t('upload.failed')));
      })
      .finally(() => setUploading(false));
  };

  return (
    <div className="admin-image-field">
      <span id={nameId} hidden>
        {label}
      </span>
      {value ? (
        <Image
          src={value}
          alt={t('upload.previewAlt', { label })}
          width={96}
          height={96}
          className="admin-image-preview"
        />
      ) : (
        <div className="admin-image-placeholder" aria-hidden="true">
          <UploadOutlined />
        </div>
      )}
      <div className="admin-image-actions">
        <Upload
          id={id}
          accept={IMAGE_TYPES.join(',')}
          showUploadList={false}
          maxCount={1}
          beforeUpload={beforeUpload}
          customRequest={customRequest}
          disabled={uploading}
        >
          <Button icon={<UploadOutlined aria-hidden="true" />} loading={uploading} aria-describedby={nameId}>
            {uploading ? t('upload.uploading') : value ? t('upload.replace') : t('upload.upload')}
          </Button>
        </Upload>
        {value && !uploading && (
          <Button icon={<DeleteOutlined aria-hidden="true" />} onClick={() => onChange?.('')} aria-describedby={nameId}>
            {t('upload.remove')}
          </Button>
        )}
        <span className="admin-image-hint">{t('upload.hint')}</span>
      </div>
    </div>
  );
}
