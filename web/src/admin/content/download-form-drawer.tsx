/** Edit one site's download settings in a drawer: three app links and two QR images (uploaded). */
import type { DownloadSaveBody } from '@trackline/contract/content-admin';
import { type ContentSite, LINK_PATTERN } from '@trackline/contract/content-admin-types';
import { App, Button, Drawer, Form, Input, Space } from 'antd';
import { useAdminT } from '../i18n';
import { ImageUploadField } from '../shell/image-upload-field';
import { useSaveDownload } from './content-api';
import '../site/agent-form.css';

const FORM_ID = 'download-form';
type Values = Omit<DownloadSaveBody, 'agent_id'>;

interface Props {
  open: boolean;
  site: ContentSite | null;
  siteLabel: string;
  onClose: () => void;
}

export function DownloadFormDrawer({ open, site, siteLabel, onClose }: Props) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveDownload();
  const rules = [{ pattern: LINK_PATTERN, message: t('content.downloads.urlInvalid') }, { max: 500 }];

  const onFinish = (values: Values) =>
    site &&
    save.mutate(
      { agent_id: site.agent_id, ...values },
      {
        onSuccess: (answer) => {
          message.success(answer.msg || t('common.saved'));
          onClose();
        },
      },
    );

  const initial: Values = {
    ios: site?.download.ios ?? '',
    android: site?.download.android ?? '',
    win32: site?.download.win32 ?? '',
    qr_ios: site?.download.qr_ios ?? '',
    qr_android: site?.download.qr_android ?? '',
  };

  return (
    <Drawer
      open={open}
      title={t('content.downloads.editTitle', { site: siteLabel })}
      width="min(560px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space className="admin-drawer-footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        key={site?.agent_id ?? 'global'}
        form={form}
        name={FORM_ID}
        layout="vertical"
        initialValues={initial}
        onFinish={onFinish}
      >
        <fieldset className="admin-fieldset">
          <legend>{t('content.downloads.linksSection')}</legend>
          {(['ios', 'android', 'win32'] as const).map((name) => (
            <Form.Item key={name} name={name} label={t(`content.downloads.${name}`)} rules={rules}>
              <Input maxLength={500} autoComplete="off" placeholder="https://" />
            </Form.Item>
          ))}
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>{t('content.downloads.qrSection')}</legend>
          {(
            [
              ['qr_ios', 'content.downloads.qrIos'],
              ['qr_android', 'content.downloads.qrAndroid'],
            ] as const
          ).map(([name, label]) => (
            <Form.Item key={name} name={name} label={t(label)} extra={t('content.downloads.qrHelp')}>
              <ImageUploadField label={t(label)} />
            </Form.Item>
          ))}
        </fieldset>
      </Form>
    </Drawer>
  );
}
