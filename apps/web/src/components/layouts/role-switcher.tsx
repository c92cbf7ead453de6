import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ROLE_LABELS, type Role } from '@myeai/domain';
import { useSwitchRole } from '../../features/auth/index.ts';

type RoleSwitcherProps = { roles: Role[]; activeRole: Role };

/** Shown only to users holding more than one role; the current role cannot be picked again. */
export function RoleSwitcher({ roles, activeRole }: RoleSwitcherProps) {
  const switchRole = useSwitchRole();
  if (roles.length < 2) return null;
  return (
    <Select
      label="Active role"
      value={activeRole}
      allowDeselect={false}
      disabled={switchRole.isPending}
      data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role], disabled: role === activeRole }))}
      onChange={(value) => {
        if (!value || value === activeRole) return;
        switchRole.mutate(value as Role, {
          onError: () => notifications.show({ color: 'red', message: 'Failed to switch role. Please try again.' }),
        });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
