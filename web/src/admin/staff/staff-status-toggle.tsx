import type { StaffInfo } from '@trackline/contract/staff';
import { App, Button, Popconfirm, Tooltip } from 'antd';
import { useAdminT } from '../i18n';
import { useUpdateStaff } from './staff-api';

/**
 * Enable or disable a member, after a confirmation. One's own account cannot be disabled here (it would
 * end one's own access); the server also refuses to disable the last active admin (2052, shown in a modal).
 */
export function StaffStatusToggle({ staff, isSelf }: { staff: StaffInfo; isSelf: boolean }) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const update = useUpdateStaff();
  const disabling = !staff.disabled;
  const label = disabling ? t('staff.disable') : t('staff.enable');

  if (isSelf && disabling) {
    return (
      <Tooltip title={t('staff.cannotDisableSelf')}>
        <Button type="link" size="small" disabled aria-label={`${label}: ${t('staff.cannotDisableSelf')}`}>
          {label}
        </Button>
      </Tooltip>
    );
  }

  const onConfirm = () =>
    update.mutateAsync({ id: staff.id, disabled: disabling }).then(
      (answer) => {
        message.success(answer.msg || t('common.saved'));
      },
      () => undefined, // the client has shown the refusal
    );

  return (
    <Popconfirm
      title={
        disabling
          ? t('staff.disableConfirm', { name: staff.name || staff.username })
          : t('staff.enableConfirm', { name: staff.name || staff.username })
      }
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: disabling }}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger={disabling} loading={update.isPending}>
        {label}
      </Button>
    </Popconfirm>
  );
}
