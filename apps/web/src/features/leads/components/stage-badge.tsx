import { Badge, ColorSwatch } from '@mantine/core';
import { LEAD_STAGE_COLORS, LEAD_STAGE_LABELS, type LeadStage } from '@myeai/domain';

export function StageBadge({ stage }: { stage: LeadStage }) {
  return (
    <Badge color={LEAD_STAGE_COLORS[stage]} variant="light">
      {LEAD_STAGE_LABELS[stage]}
    </Badge>
  );
}

export function StageDot({ stage }: { stage: LeadStage }) {
  return <ColorSwatch color={`var(--mantine-color-${LEAD_STAGE_COLORS[stage]}-6)`} size={10} withShadow={false} aria-hidden />;
}
