import type { StaffInfo, StaffRole } from '@trackline/contract/staff';
import { App, Form, Input, Modal, Select } from 'antd';
import { useAdminT } from '../i18n';
import { applyServerError } from '../shell/server-field-errors';
import { useRoleOptions } from './role-tags';
import { useUpdateStaff } from './staff-api';
import { useStaffRules } from './use-staff-rules';

const FORM_ID = 'staff-edit';
const CODE_PASSWORD_WEAK = 2022;
const CODE_LAST_ADMIN = 2052;

interface EditValues {
  name: string;
  roles: StaffRole[];
  password?: string;
}

/** Edits name, roles and (optionally) the password of `staff`; closed when `staff` is null. */
export function StaffEditModal({ staff, onClose }: { staff: StaffInfo | null; onClose: () => void }) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateStaff({ silent: true });
  const rules = useStaffRules();
  const roleOptions = useRoleOptions();

  const onFinish = (values: EditValues) => {
    if (!staff) return;
    update.mutate(
      {
        id: staff.id,
        name: values.name.trim(),
        roles: values.roles,
        ...(values.password ? { password: values.password } : {}),
      },
      {
        onSuccess: (answer) => {
          message.success(answer.msg || t('common.saved'));
          onClose();
        },
        // 2052: this change would leave no active admin (removing the admin role from the last one).
        onError: (error) =>
          applyServerError(form, error, { [CODE_PASSWORD_WEAK]: 'password', [CODE_LAST_ADMIN]: 'roles' }),
      },
    );
  };

  return (
    <Modal
      open={staff !== null}
      title={staff ? `${t('staff.editTitle')} · ${staff.username}` : t('staff.editTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID }}
      confirmLoading={update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {staff && (
        <Form<EditValues>
          form={form}
          name={FORM_ID}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{ name: staff.name, roles: staff.roles, password: '' }}
        >
          <Form.Item name="name" label={t('staff.name')} rules={rules.name}>
            <Input autoComplete="off" maxLength={64} />
          </Form.Item>
          <Form.Item name="roles" label={t('staff.roles')} rules={rules.roles}>
            <Select mode="multiple" options={roleOptions} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('staff.newPassword')}
            rules={rules.password(false)}
            extra={t('staff.newPasswordHelp')}
          >
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
