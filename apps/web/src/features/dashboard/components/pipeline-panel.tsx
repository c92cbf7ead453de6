import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { decideAccess, LEAD_STAGE_COLORS, LEAD_STAGE_LABELS, PIPELINE_STAGES, type DashboardStats, type Role } from '@myeai/domain';
import { TextSkeleton } from '../../../components/ui/text-skeleton.tsx';

type PipelinePanelProps = {
  /** null while the figures load: the stages are listed with placeholders, at the loaded panel's size. */
  counts: DashboardStats['leads_by_stage'] | null;
  activeRole: Role;
};

/** Lead counts per pipeline stage (spec 1 section 2.4), from the server's stage totals. */
export function PipelinePanel({ counts, activeRole }: PipelinePanelProps) {
  const largest = counts ? Math.max(1, ...PIPELINE_STAGES.map((stage) => counts[stage])) : 1;
  const canOpenLeads = decideAccess('affiliateTools', { activeRole }) === 'allowed';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pipeline-title" aria-busy={counts ? undefined : true}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="pipeline-title">
          Lead pipeline
        </Title>
        {canOpenLeads && (
          <Anchor component={Link} to="/lead-management" size="sm">
            Open leads
          </Anchor>
        )}
      </Group>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {PIPELINE_STAGES.map((stage) => (
          <li key={stage} data-testid={`pipeline-${stage}`}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{LEAD_STAGE_LABELS[stage]}</Text>
              {counts ? (
                <Text size="sm" fw={700} data-testid="count">
                  {counts[stage]}
                </Text>
              ) : (
                <TextSkeleton width={24} size="sm" fw={700} />
              )}
            </Group>
            <Progress value={counts ? (counts[stage] / largest) * 100 : 0} color={LEAD_STAGE_COLORS[stage]} size="sm" aria-hidden />
          </li>
        ))}
      </Stack>
    </Card>
  );
}
