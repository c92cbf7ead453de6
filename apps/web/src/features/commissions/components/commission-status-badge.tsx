import { Badge } from '@mantine/core';
import { COMMISSION_STATUS_LABELS, isCommissionStatus } from '@myeai/domain';

const COLORS = { paid: 'green', processing: 'blue', pending: 'orange' } as const;

/** Paid, processing and pending in colour; any other value neutral (spec 2 section 4). */
export function CommissionStatusBadge({ status }: { status: string }) {
  if (!isCommissionStatus(status)) return <Badge color="gray" variant="dot">{status}</Badge>;
  // The dot carries the colour; the label stays dark, readable on any background.
  return (
    <Badge color={COLORS[status]} variant="dot">
      {COMMISSION_STATUS_LABELS[status]}
    </Badge>
  );
}
