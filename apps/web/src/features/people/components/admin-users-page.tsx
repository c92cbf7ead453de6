import { Button, Card, Container, Group, Pagination, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminUsersQuerySchema, PEOPLE_PAGE_SIZES, type AdminUser, type AdminUsersQuery, type UserProfile } from '@myeai/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ReferralFlagsPanel } from '../../referrals/index.ts';
import { useAvailableReferrers, usePeople, useSetAccountStatus } from '../api/people-api.ts';
import { ExtendTrialDialog, ReferralDialog, RolesDialog, SubscriptionDrawer } from './person-dialogs.tsx';
import { PeopleTable, type PersonAction } from './people-table.tsx';
import { PersonDetailDrawer } from './person-detail-drawer.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';

type Dialog = { action: PersonAction; person: AdminUser } | null;

function ReferrerFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const referrers = useAvailableReferrers('');
  const data = [
    { value: 'all', label: 'All users' },
    { value: 'direct', label: 'Direct sign-ups' },
    ...(referrers.data?.referrers ?? []).map((r) => ({ value: r.user_id, label: `${r.name} (${r.total_referrals})` })),
  ];
  return <Select label="Referred by" data={data} value={value} onChange={(next) => onChange(next ?? 'all')} allowDeselect={false} w={{ base: '100%', sm: 240 }} />;
}

function AccountStatusDialog({ dialog, onClose }: { dialog: { action: 'suspend' | 'reactivate'; person: AdminUser }; onClose: () => void }) {
  const setStatus = useSetAccountStatus();
  const suspend = dialog.action === 'suspend';
  const confirm = () =>
    setStatus.mutate(
      { id: dialog.person.id, suspend },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: suspend ? `${dialog.person.name} is suspended and signed out everywhere.` : `${dialog.person.name} can sign in again.` });
          onClose();
        },
        onError: (error) => notifications.show({ color: 'red', title: suspend ? 'Failed to suspend the account' : 'Failed to reactivate the account', message: error.message }),
      },
    );
  return (
    <ConfirmModal
      opened
      title={suspend ? `Suspend ${dialog.person.name}?` : `Reactivate ${dialog.person.name}?`}
      message={suspend ? 'Their sessions end now, on every device, and they cannot sign in until an admin reactivates the account.' : 'They can sign in again; sessions ended by the suspension stay ended.'}
      detail="Recorded in the audit log."
      confirmLabel={suspend ? 'Suspend account' : 'Reactivate account'}
      loading={setStatus.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

function PersonDialog({ dialog, user, onAction, onClose }: { dialog: NonNullable<Dialog>; user: UserProfile; onAction: (action: PersonAction, person: AdminUser) => void; onClose: () => void }) {
  const { action, person } = dialog;
  if (action === 'detail') return <PersonDetailDrawer person={person} onAction={onAction} onClose={onClose} />;
  if (action === 'roles') return <RolesDialog person={person} isSelf={person.id === user.id} onClose={onClose} />;
  if (action === 'referral') return <ReferralDialog person={person} onClose={onClose} />;
  if (action === 'trial') return <ExtendTrialDialog person={person} onClose={onClose} />;
  if (action === 'subscription') return <SubscriptionDrawer person={person} onClose={onClose} />;
  return <AccountStatusDialog dialog={{ action, person }} onClose={onClose} />;
}

function PeoplePanel({ user }: { user: UserProfile }) {
  const [query, setQuery] = useState<AdminUsersQuery>(() => AdminUsersQuerySchema.parse({}));
  // ?search= (a link from a support request, decision 065) starts the list searched.
  const [params] = useSearchParams();
  const [searchText, setSearchText] = useState(() => params.get('search') ?? '');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const effective = { ...query, search: search || undefined, page: search === (query.search ?? '') ? query.page : 1 };
  const people = usePeople(effective);
  const [dialog, setDialog] = useState<Dialog>(null);
  const update = (changes: Partial<AdminUsersQuery>) => setQuery((previous) => ({ ...previous, search: search || undefined, page: 1, ...changes }));
  const data = people.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.page_size + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.page_size) : 0;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name, e-mail or referral code"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <ReferrerFilter value={query.referrer} onChange={(referrer) => update({ referrer })} />
        {/* Erased accounts (decision 059) are left out unless asked for. */}
        <Select
          label="Accounts"
          data={[
            { value: 'current', label: 'Current accounts' },
            { value: 'deleted', label: 'Deleted accounts' },
          ]}
          value={query.accounts}
          onChange={(accounts) => update({ accounts: accounts === 'deleted' ? 'deleted' : 'current' })}
          allowDeselect={false}
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          label="Rows per page"
          data={PEOPLE_PAGE_SIZES.map(String)}
          value={String(query.page_size)}
          onChange={(size) => update({ page_size: Number(size ?? 25) })}
          allowDeselect={false}
          w={{ base: '100%', sm: 130 }}
        />
      </Group>
      {people.isError ? (
        <LoadError message={people.error.message} onRetry={() => void people.refetch()} />
      ) : data && data.total === 0 ? (
        <Card withBorder padding="lg">
          <Stack gap="xs" align="flex-start">
            <Text c="dimmed">No user matches this search and filter.</Text>
            <Button
              variant="default"
              onClick={() => {
                setSearchText('');
                setQuery((previous) => ({ ...previous, search: undefined, referrer: 'all', accounts: 'current', page: 1 }));
              }}
            >
              Clear search and filter
            </Button>
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding={0}>
          <PeopleTable people={data?.users ?? []} loading={!data} query={effective} onSort={(sort, order) => update({ sort, order, page: effective.page })} onAction={(action, person) => setDialog({ action, person })} />
        </Card>
      )}
      {data && data.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {data.total.toLocaleString('en-US')}
          </Text>
          {pageCount > 1 && (
            <Pagination
              total={pageCount}
              value={effective.page}
              onChange={(page) => setQuery((previous) => ({ ...previous, search: search || undefined, page }))}
              siblings={1}
              boundaries={1}
              size="sm"
              aria-label="Pages"
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              getControlProps={(control) => ({ 'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control] })}
            />
          )}
        </Group>
      )}
      {dialog && (
        <PersonDialog
          // The person as the latest page has them, so the detail shows a change made from it.
          dialog={{ ...dialog, person: data?.users.find((person) => person.id === dialog.person.id) ?? dialog.person }}
          user={user}
          onAction={(action, person) => setDialog({ action, person })}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

/** Admin People Management (/admin-users, spec 2; admin only, checked by the route table and the server). */
export function AdminUsersPage({ user }: { user: UserProfile }) {
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <div>
          <ScreenTitle screen="/admin-users" size="h2" />
          <Text c="dimmed" size="sm">
            Users, their roles and referrers, and the referral sign-ups flagged for review. Every change is recorded in the audit log.
          </Text>
        </div>
        <Tabs defaultValue="people" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="people">People</Tabs.Tab>
            <Tabs.Tab value="flags">Referral flags</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="people" pt="md">
            <PeoplePanel user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="flags" pt="md">
            <ReferralFlagsPanel />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
