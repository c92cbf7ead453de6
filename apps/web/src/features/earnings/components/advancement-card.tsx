import { Badge, Button, Card, Group, List, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ADVANCEMENT_RULES, formatDollarsAndCents, type AdvancementCriterionKey, type EarningsData } from '@myeai/domain';

type Advancement = EarningsData['advancement'];
type Criterion = NonNullable<Advancement['current']>['criteria'][number];

const ROLE_LABELS = { LEAD: 'Lead', SENIOR: 'Senior', REGULAR: 'Regular' } as const;

function criterionLabel(key: AdvancementCriterionKey, windowDays: number): string {
  const weeks = Math.round(windowDays / 7);
  switch (key) {
    case 'personal_revenue':
      return `Personal revenue (last ${weeks} weeks)`;
    case 'team_volume':
      return `Team volume (last ${weeks} weeks)`;
    case 'active_recruits':
      return 'Active recruits (signed in within 30 days)';
    case 'achievement_score':
      return 'Goal Achievement Score';
  }
}

function formatValue(key: AdvancementCriterionKey, value: number | null): string {
  if (value === null) return 'No scored goal yet';
  if (key === 'personal_revenue' || key === 'team_volume') return formatDollarsAndCents(value);
  if (key === 'achievement_score') return `${value}%`;
  return String(value);
}

export function CriterionRow({ criterion, windowDays }: { criterion: Criterion; windowDays: number }) {
  const label = criterionLabel(criterion.key, windowDays);
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs">
          <Text size="sm" data-testid={`criterion-${criterion.key}`}>
            {criterion.current === null
              ? `No scored goal yet · needs ${formatValue(criterion.key, criterion.threshold)}`
              : `${formatValue(criterion.key, criterion.current)} of ${formatValue(criterion.key, criterion.threshold)}`}
          </Text>
          <Badge size="sm" color={criterion.met ? 'teal.9' : 'gray.7'} variant="filled">
            {criterion.met ? 'Met' : 'Not yet'}
          </Badge>
        </Group>
      </Group>
      <Progress value={criterion.progress_percent} color={criterion.met ? 'green' : 'blue'} aria-label={`${label}: ${criterion.progress_percent}% of the requirement`} />
    </Stack>
  );
}

/** Advancement progress against spec 2 section 6, with the inputs of DESIGN.md decision 40. */
export function AdvancementCard({ advancement }: { advancement: Advancement }) {
  const [learnOpen, setLearnOpen] = useState(false);
  const current = advancement.current;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h3">
              Advancement progress
            </Title>
            <Text size="sm" c="dimmed">
              {current
                ? `${ROLE_LABELS[current.from]} to ${ROLE_LABELS[current.to]}: ${current.required === current.criteria.length ? 'all' : `any ${current.required} of ${current.criteria.length}`} required — ${current.met_count} met`
                : 'You hold the Lead seat, the top of the cell.'}
            </Text>
          </div>
          <Button variant="light" size="xs" onClick={() => setLearnOpen(true)}>
            Learn How
          </Button>
        </Group>
        {current && (
          <>
            {current.criteria.map((criterion) => (
              <CriterionRow key={criterion.key} criterion={criterion} windowDays={advancement.window_days} />
            ))}
            <Text size="sm" fw={600} c={current.eligible ? 'teal.9' : undefined}>
              {current.eligible ? `You meet the requirements for ${ROLE_LABELS[current.to]}. An admin makes the promotion.` : `Not yet eligible for ${ROLE_LABELS[current.to]}.`}
            </Text>
          </>
        )}
      </Stack>
      <Modal opened={learnOpen} onClose={() => setLearnOpen(false)} title="How advancement works" size="lg">
        <Stack gap="sm">
          {Object.values(ADVANCEMENT_RULES).map((rule) => (
            <div key={rule.to}>
              <Text fw={600} size="sm">
                {ROLE_LABELS[rule.from]} to {ROLE_LABELS[rule.to]} ({rule.required === rule.criteria.length ? 'all required' : `any ${rule.required} of ${rule.criteria.length}`})
              </Text>
              <List size="sm">
                {rule.criteria.map((c) => (
                  <List.Item key={c.key}>
                    {criterionLabel(c.key, advancement.window_days)}: at least {formatValue(c.key, c.threshold)}
                  </List.Item>
                ))}
              </List>
            </div>
          ))}
          <Text size="sm" c="dimmed">
            Personal revenue counts the orders credited to you; team volume the orders credited to the people you referred; an active recruit is someone you referred who signed in within
            30 days; the Goal Achievement Score weighs your approved goals 30% short, 40% mid and 30% long term. Promotion stays an admin action.
          </Text>
        </Stack>
      </Modal>
    </Card>
  );
}
