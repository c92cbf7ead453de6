import { Select } from '@mantine/core';
import { ROLE_LABELS, type Role } from '@myeai/domain';

export type RoleSwitch = { onSwitch: (role: Role) => void; isSwitching: boolean };
type RoleSwitcherProps = RoleSwitch & { roles: Role[]; activeRole: Role };

/** Shown only to users holding more than one role; the current role cannot be picked again. */
export function RoleSwitcher({ roles, activeRole, onSwitch, isSwitching }: RoleSwitcherProps) {
  if (roles.length < 2) return null;
  return (
    <Select
      label="Active role"
      value={activeRole}
      allowDeselect={false}
      disabled={isSwitching}
      data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role], disabled: role === activeRole }))}
      onChange={(value) => {
        if (value && value !== activeRole) onSwitch(value as Role);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
