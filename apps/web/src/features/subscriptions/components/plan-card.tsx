import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { formatDollarsAndCents, planFeatureLines, type Plan } from '@myeai/domain';

type PlanCardProps = {
  plan: Plan;
  buttonLabel: string;
  disabled: boolean;
  loading: boolean;
  onSubscribe: () => void;
};

export function PlanCard({ plan, buttonLabel, disabled, loading, onSubscribe }: PlanCardProps) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId} style={plan.most_popular ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={titleId}>
            {plan.name}
          </Title>
          {plan.most_popular && <Badge color="blue">Most popular</Badge>}
        </Group>
        <Text>
          <Text span fz={28} fw={700}>
            {formatDollarsAndCents(plan.price_cents)}
          </Text>{' '}
          <Text span c="dimmed">
            / {plan.period}
          </Text>
        </Text>
        <List spacing={4} size="sm" icon={<IconCheck size={16} aria-hidden />} style={{ flex: 1 }}>
          {planFeatureLines(plan).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Button fullWidth onClick={onSubscribe} disabled={disabled} loading={loading} aria-label={`${buttonLabel}: ${plan.name}`} variant={plan.most_popular ? 'filled' : 'light'}>
          {buttonLabel}
        </Button>
      </Stack>
    </Card>
  );
}
