import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { decideAccess, LEAD_STAGE_COLORS, LEAD_STAGE_LABELS, PIPELINE_STAGES, type DashboardStats, type Role } from '@myeai/domain';

/** Lead counts per pipeline stage (spec 1 section 2.4), from the server's stage totals. */
export function PipelinePanel({ stats, activeRole }: { stats: DashboardStats; activeRole: Role }) {
  const largest = Math.max(1, ...PIPELINE_STAGES.map((stage) => stats.leads_by_stage[stage]));
  const canOpenLeads = decideAccess('affiliateTools', { activeRole }) === 'allowed';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pipeline-title">
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
        {PIPELINE_STAGES.map((stage) => {
          const count = stats.leads_by_stage[stage];
          return (
            <li key={stage} data-testid={`pipeline-${stage}`}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{LEAD_STAGE_LABELS[stage]}</Text>
                <Text size="sm" fw={700} data-testid="count">
                  {count}
                </Text>
              </Group>
              <Progress value={(count / largest) * 100} color={LEAD_STAGE_COLORS[stage]} size="sm" aria-hidden />
            </li>
          );
        })}
      </Stack>
    </Card>
  );
}
