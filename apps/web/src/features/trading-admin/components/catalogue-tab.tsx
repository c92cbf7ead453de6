import { Badge, Button, Group, Modal, Stack, Switch, Table, Text } from '@mantine/core';
import { upperFirst } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import type { Mutation } from '../hooks/use-catalogue-form.ts';
import { stickyCell } from '../../../components/ui/row-table.tsx';

export type CatalogueColumn<Item> = { header: string; cell: (item: Item) => ReactNode; fw?: number };

type CatalogueTabProps<Item extends { id: string; is_active: boolean }, Update> = {
  /** Lower case, as most texts use it ("Show deactivated assets"); capitalized where a text wants it ("Add Asset"). */
  noun: { one: string; many: string };
  /** What a person reads an item by (a symbol, a code): in the buttons' labels and the confirmation. */
  name: (item: Item) => string;
  columns: CatalogueColumn<Item>[];
  minWidth: number;
  useItems: (includeInactive: boolean) => UseQueryResult<Item[]>;
  useUpdate: () => Mutation<{ id: string; body: Update }>;
  useDeactivate: () => Mutation<string>;
  /** The update that reactivates an item: its own fields with is_active: true (the update schema takes no partial body). */
  reactivation: (item: Item) => Update;
  /** The add / edit form; it closes the dialog through onDone once the server saved. */
  Form: ComponentType<{ item: Item | null; onDone: () => void }>;
};

/** An admin catalogue of the market (assets, timeframes): add, edit, deactivate (history kept) and reactivate. */
export function CatalogueTab<Item extends { id: string; is_active: boolean }, Update>({ noun, name, columns, minWidth, useItems, useUpdate, useDeactivate, reactivation, Form }: CatalogueTabProps<Item, Update>) {
  const [showInactive, setShowInactive] = useState(false);
  const items = useItems(showInactive);
  const [editing, setEditing] = useState<Item | null | 'new'>(null);
  const [deactivating, setDeactivating] = useState<Item | null>(null);
  const deactivate = useDeactivate();
  const update = useUpdate();
  const One = upperFirst(noun.one);

  const onDeactivate = () => {
    if (!deactivating) return;
    deactivate.mutate(deactivating.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${One} deactivated successfully!` });
        setDeactivating(null);
      },
      onError: (error) => notifications.show({ color: 'red', message: `Failed to delete ${noun.one}: ${error.message}` }),
    });
  };
  const onReactivate = (item: Item) =>
    update.mutate(
      { id: item.id, body: reactivation(item) },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `${One} updated successfully!` }),
        onError: (error) => notifications.show({ color: 'red', message: `Failed to update ${noun.one}: ${error.message}` }),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Switch label={`Show deactivated ${noun.many}`} checked={showInactive} onChange={(e) => setShowInactive(e.currentTarget.checked)} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {`Add ${One}`}
        </Button>
      </Group>
      {items.isError ? (
        <LoadError message={items.error.message} onRetry={() => void items.refetch()} />
      ) : items.isPending ? (
        <Text c="dimmed">{`Loading ${noun.many}…`}</Text>
      ) : items.data.length === 0 ? (
        <Text c="dimmed">{`No ${noun.many} yet. Add the first one.`}</Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped aria-label={upperFirst(noun.many)}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, index) => (
                  <Table.Th key={column.header} className={index === 0 ? stickyCell.start : undefined}>
                    {column.header}
                  </Table.Th>
                ))}
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.data.map((item) => (
                <Table.Tr key={item.id}>
                  {columns.map((column, index) => (
                    <Table.Td key={column.header} fw={column.fw} className={index === 0 ? stickyCell.start : undefined}>
                      {column.cell(item)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Badge color={item.is_active ? 'green' : 'gray'} variant="dot">
                      {item.is_active ? 'Active' : 'Deactivated'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(item)} aria-label={`Edit ${noun.one} ${name(item)}`}>
                        Edit
                      </Button>
                      {item.is_active ? (
                        <Button size="xs" variant="default" onClick={() => setDeactivating(item)} aria-label={`Deactivate ${noun.one} ${name(item)}`}>
                          Deactivate
                        </Button>
                      ) : (
                        <Button size="xs" variant="default" onClick={() => onReactivate(item)} aria-label={`Reactivate ${noun.one} ${name(item)}`}>
                          Reactivate
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={`${editing === 'new' ? 'Add' : 'Edit'} ${One}`} centered>
        {editing !== null && <Form item={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmModal
        opened={deactivating !== null}
        title={`Deactivate ${noun.one}`}
        message={`Are you sure you want to deactivate ${noun.one} "${deactivating ? name(deactivating) : ''}"?`}
        confirmLabel="Deactivate"
        loading={deactivate.isPending}
        onConfirm={onDeactivate}
        onClose={() => setDeactivating(null)}
      />
    </Stack>
  );
}
