import type { StaffRole } from '@trackline/contract/staff';
import { App, Form, Input, Modal, Select } from 'antd';
import { useAdminT } from '../i18n';
import { applyServerError } from '../shell/server-field-errors';
import { useRoleOptions } from './role-tags';
import { useCreateStaff } from './staff-api';
import { useStaffRules } from './use-staff-rules';

const FORM_ID = 'staff-create';
const CODE_USERNAME_TAKEN = 2051;
const CODE_PASSWORD_WEAK = 2022;

interface CreateValues {
  username: string;
  name: string;
  password: string;
  roles: StaffRole[];
}

export function StaffCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateStaff();
  const rules = useStaffRules();
  const roleOptions = useRoleOptions();

  const onFinish = (values: CreateValues) =>
    create.mutate(
      { username: values.username.trim(), name: values.name.trim(), password: values.password, roles: values.roles },
      {
        onSuccess: (answer) => {
          message.success(answer.msg || t('staff.created'));
          onClose();
        },
        onError: (error) =>
          applyServerError(form, error, { [CODE_USERNAME_TAKEN]: 'username', [CODE_PASSWORD_WEAK]: 'password' }),
      },
    );

  return (
    <Modal
      open={open}
      title={t('staff.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID }}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CreateValues>
        form={form}
        name={FORM_ID}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ roles: [] }}
      >
        <Form.Item name="username" label={t('staff.username')} rules={rules.username}>
          <Input autoComplete="off" maxLength={32} spellCheck={false} />
        </Form.Item>
        <Form.Item name="name" label={t('staff.name')} rules={rules.name}>
          <Input autoComplete="off" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('staff.password')}
          rules={rules.password(true)}
          extra={t('staff.passwordHelp')}
        >
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item name="roles" label={t('staff.roles')} rules={rules.roles}>
          <Select mode="multiple" options={roleOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
