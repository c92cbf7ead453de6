import { Badge, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconTrendingUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { CellAdvancement, CellSeatRole } from '@myeai/domain';
import { CriterionRow } from '../../earnings/index.ts';

type MemberCheck = CellAdvancement['members'][number];

const ROLE_LABEL: Record<CellSeatRole, string> = { LEAD: 'Lead', SENIOR: 'Senior', REGULAR: 'Regular' };

/**
 * Issue 19 item 7: a seated member who meets the advancement rule (the same check as their
 * /earnings) shows "Ready for Senior" / "Ready for Lead"; the badge opens the criteria. A suggestion
 * only: promotion stays the admin's move to a Senior or Lead seat, nothing here writes.
 */
export function AdvancementSuggestion({ name, check, windowDays }: { name: string; check: MemberCheck; windowDays: number }) {
  const [open, setOpen] = useState(false);
  const current = check.current;
  if (!current?.eligible) return null;
  const label = `Ready for ${ROLE_LABEL[current.to]}`;
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={`${label}: ${name}, see the criteria`} aria-haspopup="dialog" style={{ alignSelf: 'flex-start' }}>
        <Badge size="sm" variant="filled" color="teal.9" leftSection={<IconTrendingUp size={12} />} style={{ cursor: 'pointer' }}>
          {label}
        </Badge>
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={`${name}: ${label}`} centered>
        <Stack gap="md">
          <Text size="sm">
            {`${ROLE_LABEL[current.from]} to ${ROLE_LABEL[current.to]}: ${current.required === current.criteria.length ? 'all' : `any ${current.required} of ${current.criteria.length}`} required — ${current.met_count} met.`}
          </Text>
          {current.criteria.map((criterion) => (
            <CriterionRow key={criterion.key} criterion={criterion} windowDays={windowDays} />
          ))}
          <Text size="sm" c="dimmed">
            {`A suggestion only: nothing changes until you promote ${name} yourself by moving them to an empty ${ROLE_LABEL[current.to]} seat with Move.`}
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
