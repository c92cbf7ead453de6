import { Alert, Badge, Button, Card, Group, Loader, NumberInput, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  BURST_WINDOW_MINUTES,
  REFERRAL_FLAG_REASON_LABELS,
  ReferralSettingsSchema,
  shareCode,
  type ReferralFlag,
  type ReferralSettings,
} from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useReferralFlags, useReferralSettings, useReviewReferralFlag, useSaveReferralSettings } from '../api/referral-programme-api.ts';

type StatusFilter = 'open' | 'cleared' | 'confirmed' | 'all';

const STATUS_COLOURS: Record<ReferralFlag['status'], string> = { open: 'orange.9', cleared: 'teal.9', confirmed: 'red.9' };

function formatDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function Evidence({ flag }: { flag: ReferralFlag }) {
  const { evidence } = flag;
  return (
    <Stack gap={2}>
      {flag.reasons.map((reason) => (
        <Text key={reason} size="sm">
          {REFERRAL_FLAG_REASON_LABELS[reason]}
        </Text>
      ))}
      {evidence.visitor_hash && (
        <Text size="xs" c="dimmed">
          Browser id (hashed): {evidence.visitor_hash}
        </Text>
      )}
      {evidence.network_hash && (
        <Text size="xs" c="dimmed">
          Network (keyed hash): {evidence.network_hash}
          {evidence.signups_from_network_in_window !== null && ` · ${evidence.signups_from_network_in_window} sign-ups within ${BURST_WINDOW_MINUTES} min`}
        </Text>
      )}
    </Stack>
  );
}

function FlagRow({ flag }: { flag: ReferralFlag }) {
  const review = useReviewReferralFlag();
  const failed = review.error?.message;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {flag.signup.name}
        </Text>
        <Text size="xs" c="dimmed">
          {flag.signup.email} · joined {formatDate(flag.signup.joined_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{flag.referrer.name}</Text>
        <Text size="xs" c="dimmed">
          {flag.referrer.email} · {shareCode(flag.referrer.referral_code)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Evidence flag={flag} />
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOURS[flag.status]} variant="light">
          {flag.status}
        </Badge>
        {flag.reviewed_by_name && (
          <Text size="xs" c="dimmed">
            by {flag.reviewed_by_name}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {flag.status === 'open' ? (
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="light" color="teal.9" loading={review.isPending && review.variables?.verdict === 'clear'} disabled={review.isPending} onClick={() => review.mutate({ id: flag.id, verdict: 'clear' })}>
                Clear (credit)
              </Button>
              <Button size="xs" variant="light" color="red.9" loading={review.isPending && review.variables?.verdict === 'confirm'} disabled={review.isPending} onClick={() => review.mutate({ id: flag.id, verdict: 'confirm' })}>
                Confirm (no credit)
              </Button>
            </Group>
            {failed && (
              <Text size="xs" c="red.9" role="alert">
                {failed}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="xs" c="dimmed">
            {flag.reviewed_at ? formatDate(flag.reviewed_at) : ''}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function AttributionWindowForm({ settings }: { settings: ReferralSettings }) {
  const save = useSaveReferralSettings();
  const form = useDomainForm(ReferralSettingsSchema, settings);
  const [saved, setSaved] = useState(false);
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        setSaved(false);
        save.mutate(values, { onSuccess: () => setSaved(true), onError: (error) => form.setServerErrors(error) });
      })}
    >
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="Referral attribution window (days)"
          description="A sign-up is credited to the first code the visitor followed within this many days."
          min={1}
          max={365}
          allowDecimal={false}
          w={320}
          key={form.key('attribution_window_days')}
          {...form.getInputProps('attribution_window_days')}
          onChange={(value) => form.setFieldValue('attribution_window_days', typeof value === 'number' ? value : Number.NaN)}
        />
        <Button type="submit" loading={save.isPending}>
          Save window
        </Button>
        {saved && (
          <Text size="sm" c="teal.9" role="status">
            Saved.
          </Text>
        )}
      </Group>
      {save.isError && !form.errors.attribution_window_days && (
        <Text size="sm" c="red.9" role="alert">
          {save.error.message}
        </Text>
      )}
    </form>
  );
}

/**
 * Referral attribution flags for admins (DESIGN.md decision 29): self-referrals and bursts of sign-ups
 * from one network address, with the hashed evidence; Clear credits the sign-up, Confirm keeps it
 * uncredited. Mounted on /admin-users.
 */
export function ReferralFlagsPanel() {
  const [status, setStatus] = useState<StatusFilter>('open');
  const flags = useReferralFlags(status);
  const settings = useReferralSettings();
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            Referral flags
          </Title>
          <Text size="sm" c="dimmed">
            Flagged sign-ups are not credited to the referrer until you clear them. No network address is stored, only keyed hashes.
          </Text>
        </div>
        {settings.data && <AttributionWindowForm key={settings.data.attribution_window_days} settings={settings.data} />}
        <SegmentedControl
          aria-label="Flag status"
          value={status}
          onChange={(value) => setStatus(value as StatusFilter)}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'cleared', label: 'Cleared' },
            { value: 'confirmed', label: 'Confirmed' },
            { value: 'all', label: 'All' },
          ]}
          w="fit-content"
        />
        {flags.isPending ? (
          <Loader size="sm" aria-label="Loading flags" />
        ) : flags.isError ? (
          <Alert color="red" title="Failed to load referral flags">
            <Group gap="sm">
              <Text size="sm">{flags.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => void flags.refetch()}>
                Try Again
              </Button>
            </Group>
          </Alert>
        ) : flags.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {status === 'open' ? 'No open flags: every recent sign-up was credited normally.' : 'No flags here.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sign-up</Table.Th>
                  <Table.Th>Referrer</Table.Th>
                  <Table.Th>Evidence</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Review</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {flags.data.map((flag) => (
                  <FlagRow key={flag.id} flag={flag} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
