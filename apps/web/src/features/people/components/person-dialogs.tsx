import { Alert, Badge, Button, Checkbox, Drawer, Group, Loader, Modal, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  apiPath,
  ExtendTrialInputSchema,
  ExtendTrialResponseSchema,
  formatDollarsAndCents,
  PEOPLE_MESSAGES,
  ROLE_LABELS,
  ROLES,
  trialPaths,
  UpdateReferralInputSchema,
  UpdateUserRolesInputSchema,
  type AdminUser,
} from '@myeai/domain';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { profileQueryKey } from '../../auth/index.ts';
import { useAvailableReferrers, useSetReferral, useSetRoles, useSubscriptionHistory } from '../api/people-api.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const errorText = (error: Error) => (error instanceof ApiError && error.details?.[0]?.message) || error.message;

type PersonDialogProps = { person: AdminUser; onClose: () => void };

/** Role editing (spec 2 section 7): the whole set, at least one; the server refuses to leave no admin. */
export function RolesDialog({ person, onClose, isSelf }: PersonDialogProps & { isSelf: boolean }) {
  const form = useDomainForm(UpdateUserRolesInputSchema, { roles: person.roles });
  const setRoles = useSetRoles();
  const queryClient = useQueryClient();
  const submit = form.onSubmit(({ roles }) =>
    setRoles.mutate(
      { id: person.id, roles },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: PEOPLE_MESSAGES.rolesUpdated });
          // Editing one's own roles refreshes the profile (spec 2 section 6): the sidebar follows.
          if (isSelf) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
          onClose();
        },
        onError: (error) => {
          form.setServerErrors(error);
          notifications.show({ color: 'red', message: `${PEOPLE_MESSAGES.rolesFailed}${error.message}` });
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={`Roles of ${person.name}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Checkbox.Group label="Roles held" description="The user can switch between the roles they hold." {...form.getInputProps('roles')}>
            <Stack gap="xs" mt="xs">
              {ROLES.map((role) => (
                <Checkbox key={role} value={role} label={ROLE_LABELS[role]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Text size="xs" c="dimmed">
            The change applies to the user&apos;s open sessions at their next request.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={setRoles.isPending}>
              Save roles
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const NONE = 'none';

/** The referral-edit dialog: a referrer (searched on the server), the code used and the join date, or none. */
export function ReferralDialog({ person, onClose }: PersonDialogProps) {
  const form = useDomainForm(
    UpdateReferralInputSchema,
    { referrer_user_id: person.referred_by_user_id ?? NONE, referral_code: person.referral_code_used ?? '', join_date: person.referral_date?.slice(0, 10) ?? '' },
    { toInput: (values) => ({ ...values, join_date: values.join_date || null, referral_code: values.referral_code || null }) },
  );
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const referrers = useAvailableReferrers(debounced);
  const setReferral = useSetReferral();
  const current = person.referred_by_user_id ? [{ value: person.referred_by_user_id, label: person.referred_by_name ?? 'Current referrer' }] : [];
  const options = [
    { value: NONE, label: 'None (direct sign-up)' },
    ...current,
    ...(referrers.data?.referrers ?? [])
      .filter((referrer) => referrer.user_id !== person.id && referrer.user_id !== person.referred_by_user_id)
      .map((referrer) => ({ value: referrer.user_id, label: `${referrer.name} · ${referrer.email}` })),
  ];
  const isNone = form.getValues().referrer_user_id === NONE;
  const submit = form.onSubmit((input) =>
    setReferral.mutate(
      { id: person.id, input },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: PEOPLE_MESSAGES.referralUpdated });
          onClose();
        },
        onError: (error) => {
          form.setServerErrors(error);
          notifications.show({ color: 'red', message: `${PEOPLE_MESSAGES.referralFailed}${errorText(error)}` });
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={`Referral of ${person.name}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label="Referred by"
            description="Search any user by name, e-mail or code. Nobody can be placed under their own team."
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={referrers.isFetching ? 'Searching…' : 'No user matches'}
            data={options}
            allowDeselect={false}
            {...form.getInputProps('referrer_user_id')}
          />
          <TextInput label="Referral code used" description="Left empty: the referrer's current code." disabled={isNone} {...form.getInputProps('referral_code')} />
          <TextInput label="Join date" type="date" description="Left empty: today (or the date recorded, for the same referrer)." disabled={isNone} {...form.getInputProps('join_date')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={setReferral.isPending}>
              Save referral
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Extends the user's platform trial (the trial API of the trial analytics screen). */
export function ExtendTrialDialog({ person, onClose }: PersonDialogProps) {
  const queryClient = useQueryClient();
  const form = useDomainForm(ExtendTrialInputSchema, { days: 7 as number | string }, { toInput: (values) => ({ days: values.days === '' ? undefined : values.days }) });
  const extend = useMutation({
    mutationFn: (days: number) => apiRequest(apiPath(trialPaths.extendTrial, { id: person.trial!.id }), { method: 'POST', body: { days }, schema: ExtendTrialResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
  const submit = form.onSubmit(({ days }) =>
    extend.mutate(days, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: `Trial of ${person.name} extended to ${dateTime.format(new Date(answer.trial_ends_at))}.` });
        onClose();
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Failed to extend trial', message: error.message }),
    }),
  );
  return (
    <Modal opened onClose={onClose} title={`Extend the trial of ${person.name}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">Ends {person.trial ? dateTime.format(new Date(person.trial.ends_at)) : '—'}. The days are added to the later of now and that end.</Text>
          <NumberInput label="Days to add" min={1} max={90} allowDecimal={false} data-autofocus {...form.getInputProps('days')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={extend.isPending}>
              Extend trial
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The user's subscription and its event history (GET /api/admin/users/:userId/subscription). */
export function SubscriptionDrawer({ person, onClose }: PersonDialogProps) {
  const history = useSubscriptionHistory(person.id);
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={`Subscription of ${person.name}`}>
      {history.isPending && <Loader aria-label="Loading" />}
      {history.isError && (
        <Alert color="red" title="Could not load the subscription">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{history.error.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void history.refetch()}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      )}
      {history.data && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{history.data.subscription.status}</Badge>
            {history.data.subscription.plan && <Badge variant="outline">{history.data.subscription.plan}</Badge>}
            {history.data.provider && <Text size="sm">via {history.data.provider}</Text>}
          </Group>
          <Text size="sm">Free trial used: {history.data.user.free_trial_used_at ? dateTime.format(new Date(history.data.user.free_trial_used_at)) : 'not yet'}</Text>
          {history.data.history.length === 0 ? (
            <Text size="sm" c="dimmed">
              No subscription events yet.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Event</Table.Th>
                    <Table.Th>Plan</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Status after</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.history.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>{dateTime.format(new Date(item.occurred_at))}</Table.Td>
                      <Table.Td>{item.type}</Table.Td>
                      <Table.Td>{item.plan ?? '—'}</Table.Td>
                      <Table.Td>{item.amount_cents === null ? '—' : formatDollarsAndCents(item.amount_cents)}</Table.Td>
                      <Table.Td>{item.status_after ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
