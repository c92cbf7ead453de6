import { Badge, Tooltip } from '@mantine/core';
import { COMMISSION_ON_HOLD_EXPLANATION, COMMISSION_STATUS_LABELS, COMMISSION_WITHHELD_EXPLANATION, isCommissionStatus } from '@myeai/domain';

const COLORS = { paid: 'green', processing: 'blue', pending: 'orange', withheld: 'red' } as const;

/**
 * Paid, processing, pending and withheld in colour; any other value neutral (spec 2 section 4).
 * A pending commission held by an open referral flag reads "On hold" (decision 046); held and
 * withheld badges explain themselves in a tooltip.
 */
export function CommissionStatusBadge({ status, onHold = false }: { status: string; onHold?: boolean }) {
  if (!isCommissionStatus(status)) return <Badge color="gray" variant="dot">{status}</Badge>;
  const held = onHold && status === 'pending';
  const explanation = held ? COMMISSION_ON_HOLD_EXPLANATION : status === 'withheld' ? COMMISSION_WITHHELD_EXPLANATION : null;
  // The dot carries the colour; the label stays dark, readable on any background.
  const badge = (
    <Badge color={held ? 'yellow' : COLORS[status]} variant="dot" title={explanation ?? undefined}>
      {held ? 'On hold' : COMMISSION_STATUS_LABELS[status]}
    </Badge>
  );
  return explanation ? (
    <Tooltip label={explanation} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
