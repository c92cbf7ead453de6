import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CELL_MESSAGES, CreateCellInputSchema, type CommissionCell } from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useAllCells, useCreateCell } from '../api/network-api.ts';

type CreateCellDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Called with the new cell once the server created it (the Network Manager opens it in the editor). */
  onCreated?: (cell: CommissionCell) => void;
  /** The failure title of spec 3 section 8: 'Failed to create cell' here, 'Failed to create commission cell' on Commission Management. */
  failureTitle?: string;
};

type Values = { name: string; description: string; parent_cell_id: string };

/** New Cell (spec 3 sections 2.10 and 2.11): an optional name (generated when blank), a description and an optional parent cell. */
export function CreateCellDialog({ opened, onClose, onCreated, failureTitle = 'Failed to create cell' }: CreateCellDialogProps) {
  const create = useCreateCell();
  const cells = useAllCells();
  const form = useDomainForm(CreateCellInputSchema, { name: '', description: '', parent_cell_id: '' } as Values, {
    toInput: (values: Values) => ({ ...values, parent_cell_id: values.parent_cell_id || null }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((input) =>
    create.mutate(input, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: CELL_MESSAGES.created });
        form.reset();
        onCreated?.(answer.cell);
        onClose();
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) notifications.show({ color: 'red', title: failureTitle, message: error.message });
      },
    }),
  );
  const parents = (cells.data?.cells ?? []).map((cell) => ({ value: cell.id, label: cell.name }));
  return (
    <Modal opened={opened} onClose={close} title="New Cell" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Cell name" description="Optional: a name is generated when left blank." {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <Select
            label="Parent cell"
            description="Overrides of this cell's revenue go to the Leads of the cells above it."
            placeholder="No parent (top-level cell)"
            data={parents}
            clearable
            searchable
            nothingFoundMessage="No cell matches"
            value={form.getValues().parent_cell_id || null}
            onChange={(value) => form.setFieldValue('parent_cell_id', value ?? '')}
            error={form.errors.parent_cell_id}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Cell
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
