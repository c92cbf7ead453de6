import { Alert, Badge, Button, Group, Loader, Modal, ScrollArea, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { countTiers, ELITE_POOL, SaveElitePoolInputSchema, TIER_LABELS, TRADER_TIERS, type ElitePool, type TraderTier } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useElitePool, useSaveElitePool } from '../api/commission-management-api.ts';

type Choice = TraderTier | 'out';
type Values = { members: Record<string, Choice> };

const CHOICES = [{ value: 'out', label: 'Out' }, ...TRADER_TIERS.map((tier) => ({ value: tier, label: TIER_LABELS[tier] }))];

function EliteForm({ pool, onClose }: { pool: ElitePool; onClose: () => void }) {
  const save = useSaveElitePool();
  const [search, setSearch] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const initial: Values = { members: Object.fromEntries(pool.candidates.map((candidate) => [candidate.user_id, candidate.in_pool ? candidate.tier : 'out'])) };
  const form = useDomainForm(SaveElitePoolInputSchema, initial, {
    toInput: (values: Values) => ({
      members: Object.entries(values.members)
        .filter((entry): entry is [string, TraderTier] => entry[1] !== 'out')
        .map(([user_id, tier]) => ({ user_id, tier })),
    }),
  });
  const chosen = Object.values(form.values.members).filter((choice): choice is TraderTier => choice !== 'out');
  const counts = countTiers(chosen);
  const complete = chosen.length === ELITE_POOL.size && TRADER_TIERS.every((tier) => counts[tier] === ELITE_POOL[tier]);
  const needle = search.trim().toLowerCase();
  // The pool first (Lead, Seniors, Regulars), then the other traders; by e-mail within each.
  const rank = (candidate: ElitePool['candidates'][number]) => (candidate.in_pool ? TRADER_TIERS.indexOf(candidate.tier) : TRADER_TIERS.length);
  const shown = pool.candidates
    .filter((candidate) => needle === '' || candidate.email.toLowerCase().includes(needle) || candidate.name.toLowerCase().includes(needle))
    .sort((a, b) => rank(a) - rank(b) || a.email.localeCompare(b.email));

  const onSubmit = form.onSubmit((input) => {
    setFormError(null);
    save.mutate(input, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Elite Pool saved.' });
        onClose();
      },
      onError: (error) => setFormError(error.message),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Select exactly {ELITE_POOL.size} elite members: {ELITE_POOL.lead} Lead + {ELITE_POOL.senior} Senior + {ELITE_POOL.regular} Regular. This is the same pool as the System Command Center's active traders; a trader put in a tier their weight does not give gets that tier's weight
          (46, 9 or 3).
        </Text>
        <Group gap="xs" aria-live="polite">
          {TRADER_TIERS.map((tier) => (
            <Badge key={tier} color={counts[tier] === ELITE_POOL[tier] ? 'teal.9' : 'orange.9'} variant="filled">
              {TIER_LABELS[tier]} {counts[tier]}/{ELITE_POOL[tier]}
            </Badge>
          ))}
          <Badge color={chosen.length === ELITE_POOL.size ? 'teal.9' : 'orange.9'} variant="outline">
            {chosen.length}/{ELITE_POOL.size} selected
          </Badge>
        </Group>
        {pool.elite_pool_enabled ? (
          <Text size="xs" c="dimmed">
            The Elite Pool is enabled: the cell {pool.elite_cell_name ?? 'Elite Pool'} follows this pool when you save.
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            The Elite Pool flag is off (Commission Management, Configuration): no cell mirrors the pool yet.
          </Text>
        )}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        {form.errors.members && !complete && (
          <Text size="sm" c="red.9" role="alert">
            {form.errors.members}
          </Text>
        )}
        <TextInput label="Search traders" placeholder="Name or e-mail" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        {pool.candidates.length === 0 ? (
          <Text c="dimmed">No user holds the trader role yet.</Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack component="ul" gap={0} aria-label="Traders" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {shown.map((candidate) => (
                <Group key={candidate.user_id} component="li" justify="space-between" wrap="wrap" gap="xs" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {candidate.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {candidate.email} · weight {candidate.weight}%
                    </Text>
                  </div>
                  <SegmentedControl
                    size="xs"
                    aria-label={`Tier of ${candidate.email}`}
                    data={CHOICES}
                    value={form.values.members[candidate.user_id] ?? 'out'}
                    onChange={(value) => form.setFieldValue(`members.${candidate.user_id}`, value as Choice)}
                  />
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!complete}>
            Save Elite Pool
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Elite Pool dialog (DESIGN.md decision 38): the 13 active traders the System Command Center
 * edits, saved whole (exactly 1 Lead + 3 Senior + 9 Regular, checked by the server too).
 */
export function ElitePoolDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const pool = useElitePool(opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Elite Pool" size="lg">
      {pool.isError ? (
        <LoadError message={pool.error.message} onRetry={() => void pool.refetch()} />
      ) : pool.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Loading the Elite Pool" />
        </Group>
      ) : (
        <EliteForm key={pool.dataUpdatedAt} pool={pool.data} onClose={onClose} />
      )}
    </Modal>
  );
}
