import { Avatar, Button, Divider, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AdminUser } from '@myeai/domain';
import { PersonDataPanel } from '../../profile/index.ts';
import { canExtendTrial, extendTrialLabel, PersonStatus, RoleBadges, type PersonAction } from './people-table.tsx';
import { PersonBilling } from './person-billing.tsx';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

type PersonDetailDrawerProps = { person: AdminUser; onAction: (action: Exclude<PersonAction, 'detail'>, person: AdminUser) => void; onClose: () => void };

/** One person as stored (a row of People Management opens it), with every action of the row's menu. */
export function PersonDetailDrawer({ person, onAction, onClose }: PersonDetailDrawerProps) {
  return (
    <Drawer opened onClose={onClose} position="right" size="md" title={person.name}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={person.picture} name={person.name} size="lg" alt="" />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {person.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {person.email}
            </Text>
          </div>
        </Group>
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          <Fact label="Status">
            <PersonStatus person={person} />
          </Fact>
          <Fact label="Joined">{date.format(new Date(person.join_date))}</Fact>
          <Fact label="Roles (filled: active)">
            <RoleBadges person={person} />
          </Fact>
          <Fact label="Referred by">{person.referred_by_name ?? 'Direct sign-up'}</Fact>
          {person.referred_by_name && <Fact label="Code used">{person.referral_code_used ?? '—'}</Fact>}
          {person.referral_date && <Fact label="Referred on">{date.format(new Date(person.referral_date))}</Fact>}
          <Fact label="Trial">{person.trial === null ? 'Not started' : person.trial.converted ? 'Converted to a plan' : `Ends ${date.format(new Date(person.trial.ends_at))}`}</Fact>
        </SimpleGrid>
        <Divider />
        {person.account_status === 'deleted' ? (
          // Erased after its deletion's grace period (decision 059): the row only keeps the money records' pseudonymous id.
          <Text size="sm" c="dimmed">
            This account was deleted and its personal data erased. Its payments and commissions are kept under this anonymous id; it cannot be changed, suspended or exported.
          </Text>
        ) : (
          <PersonActions person={person} onAction={onAction} />
        )}
      </Stack>
    </Drawer>
  );
}

function PersonActions({ person, onAction }: Pick<PersonDetailDrawerProps, 'person' | 'onAction'>) {
  return (
    <>
      <Group gap="xs">
        <Button variant="default" onClick={() => onAction('roles', person)}>
          Edit roles
        </Button>
        <Button variant="default" onClick={() => onAction('referral', person)}>
          Edit referral
        </Button>
        <Button variant="default" disabled={!canExtendTrial(person)} onClick={() => onAction('trial', person)}>
          {extendTrialLabel(person)}
        </Button>
        <Button variant="default" onClick={() => onAction('subscription', person)}>
          Subscription history
        </Button>
        {person.account_status === 'active' ? (
          <Button variant="light" color="red" onClick={() => onAction('suspend', person)}>
            Suspend account
          </Button>
        ) : (
          <Button variant="default" onClick={() => onAction('reactivate', person)}>
            Reactivate account
          </Button>
        )}
      </Group>
      <Divider />
      <PersonBilling personId={person.id} personName={person.name} />
      <Divider />
      <PersonDataPanel personId={person.id} />
    </>
  );
}
