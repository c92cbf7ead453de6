import { Select } from '@mantine/core';
import { ROLE_LABELS, rolesToSwitchTo, type Role } from '@myeai/domain';

export type RoleSwitch = { onSwitch: (role: Role) => void; isSwitching: boolean };
type RoleSwitcherProps = RoleSwitch & { roles: Role[]; activeRole: Role };

/**
 * A switch to another of the user's roles, said as what it does: each role has its own home and
 * screens. It lists only the roles worth switching to (rolesToSwitchTo), so a buyer, who holds
 * newcomer and subscriber, gets no unexplained list of one useless choice.
 */
export function RoleSwitcher({ roles, activeRole, onSwitch, isSwitching }: RoleSwitcherProps) {
  const others = rolesToSwitchTo(roles, activeRole);
  if (others.length === 0) return null;
  return (
    <Select
      label="Switch role"
      description="Each of your roles has its own home and screens."
      placeholder="Choose a role"
      value={null}
      disabled={isSwitching}
      data={others.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
      onChange={(value) => {
        if (value && value !== activeRole) onSwitch(value as Role);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
