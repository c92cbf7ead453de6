import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useUpgradeRecommendation } from '../api/trial-api.ts';
import { trackEvent } from '../api/track-event.ts';

const URGENCY_COLOR = { high: 'red', medium: 'orange', low: 'blue' } as const;

/**
 * The upgrade prompt, when the server recommends one. A discount is shown only when the server
 * names a configured promotion (DESIGN.md item 19). A failed load leaves it out: it is an offer,
 * not information the user needs.
 */
export function UpgradePrompt() {
  const recommendation = useUpgradeRecommendation(true);
  const data = recommendation.data;
  if (!data?.should_show_prompt) return null;
  const { message, features_highlight, urgency, urgency_message } = data.recommendation;
  return (
    <Card withBorder radius="md" padding="lg" aria-labelledby="upgrade-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="upgrade-heading">
            Keep your momentum
          </Title>
          <Badge color={URGENCY_COLOR[urgency]} variant="dot">
            {urgency === 'high' ? 'Act now' : urgency === 'medium' ? 'Recommended' : 'When you are ready'}
          </Badge>
        </Group>
        <Text>{message}</Text>
        {urgency_message && (
          <Text fw={600} c={urgency === 'high' ? 'red.9' : undefined}>
            {urgency_message}
          </Text>
        )}
        <List size="sm">
          {features_highlight.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Group>
          <Button
            component={Link}
            to="/trading-subscription"
            leftSection={<IconRocket size={16} aria-hidden />}
            onClick={() => trackEvent({ event_type: 'action', component: 'upgrade-prompt', action_details: { action_name: 'upgrade_click', target_route: '/trading-subscription' } })}
          >
            Upgrade Now
          </Button>
          <Text size="xs" c="dimmed">
            Engagement score {data.engagement_score}/100
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
