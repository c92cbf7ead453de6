import { Alert, Badge, Button, Group, Modal, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ASSET_CLASS_LABELS, ASSET_CLASSES, CreateAssetInputSchema, type Asset, type AssetClass } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAdminAssets, useCreateAsset, useDeactivateAsset, useUpdateAsset } from '../api/trading-admin-api.ts';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../form-errors.ts';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';

const CLASS_OPTIONS = ASSET_CLASSES.map((value) => ({ value, label: ASSET_CLASS_LABELS[value] }));
const FIELDS = ['symbol', 'name', 'asset_class'] as const;
type Field = (typeof FIELDS)[number];

function AssetForm({ asset, onDone }: { asset: Asset | null; onDone: () => void }) {
  const create = useCreateAsset();
  const update = useUpdateAsset();
  const [values, setValues] = useState({ symbol: asset?.symbol ?? '', name: asset?.name ?? '', asset_class: (asset?.asset_class ?? '') as AssetClass | '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = CreateAssetInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(zodFieldErrors<Field>(parsed.error));
    const verb = asset ? 'update' : 'create';
    const onError = (error: Error) => {
      setErrors(serverFieldErrors(error, FIELDS));
      setFormError(`Failed to ${verb} asset: ${error.message}`);
    };
    const onSuccess = () => {
      notifications.show({ color: 'green', message: asset ? 'Asset updated successfully!' : 'Asset created successfully!' });
      onDone();
    };
    if (asset) update.mutate({ id: asset.id, body: parsed.data }, { onSuccess, onError });
    else create.mutate(parsed.data, { onSuccess, onError });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label="Symbol" required data-autofocus placeholder="EUR/USD" autoComplete="off" value={values.symbol} error={errors.symbol} onChange={(e) => set('symbol', e.currentTarget.value)} />
        <TextInput label="Name" required placeholder="Euro / US Dollar" autoComplete="off" value={values.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
        <Select label="Asset class" required placeholder="Choose a class" data={CLASS_OPTIONS} value={values.asset_class || null} error={errors.asset_class} onChange={(value) => set('asset_class', value ?? '')} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {asset ? 'Save Asset' : 'Add Asset'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Assets tab: add, edit, deactivate (history kept) and reactivate. */
export function AssetsTab() {
  const [showInactive, setShowInactive] = useState(false);
  const assets = useAdminAssets(showInactive);
  const [editing, setEditing] = useState<Asset | null | 'new'>(null);
  const [deactivating, setDeactivating] = useState<Asset | null>(null);
  const deactivate = useDeactivateAsset();
  const update = useUpdateAsset();

  const onDeactivate = () => {
    if (!deactivating) return;
    deactivate.mutate(deactivating.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Asset deactivated successfully!' });
        setDeactivating(null);
      },
      onError: (error) => notifications.show({ color: 'red', message: `Failed to delete asset: ${error.message}` }),
    });
  };
  const onReactivate = (asset: Asset) =>
    update.mutate(
      { id: asset.id, body: { symbol: asset.symbol, name: asset.name, asset_class: asset.asset_class, is_active: true } },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Asset updated successfully!' }),
        onError: (error) => notifications.show({ color: 'red', message: `Failed to update asset: ${error.message}` }),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Switch label="Show deactivated assets" checked={showInactive} onChange={(e) => setShowInactive(e.currentTarget.checked)} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          Add Asset
        </Button>
      </Group>
      {assets.isError ? (
        <LoadError message={assets.error.message} onRetry={() => void assets.refetch()} />
      ) : assets.isPending ? (
        <Text c="dimmed">Loading assets…</Text>
      ) : assets.data.assets.length === 0 ? (
        <Text c="dimmed">No assets yet. Add the first one.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Assets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Symbol</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Class</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {assets.data.assets.map((asset) => (
                <Table.Tr key={asset.id}>
                  <Table.Td fw={600}>{asset.symbol}</Table.Td>
                  <Table.Td>{asset.name}</Table.Td>
                  <Table.Td>{ASSET_CLASS_LABELS[asset.asset_class]}</Table.Td>
                  <Table.Td>
                    <Badge color={asset.is_active ? 'green' : 'gray'} variant="dot">
                      {asset.is_active ? 'Active' : 'Deactivated'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(asset)} aria-label={`Edit asset ${asset.symbol}`}>
                        Edit
                      </Button>
                      {asset.is_active ? (
                        <Button size="xs" variant="default" onClick={() => setDeactivating(asset)} aria-label={`Deactivate asset ${asset.symbol}`}>
                          Deactivate
                        </Button>
                      ) : (
                        <Button size="xs" variant="default" onClick={() => onReactivate(asset)} aria-label={`Reactivate asset ${asset.symbol}`}>
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
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add Asset' : 'Edit Asset'} centered>
        {editing !== null && <AssetForm asset={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmModal
        opened={deactivating !== null}
        title="Deactivate asset"
        message={`Are you sure you want to deactivate asset "${deactivating?.symbol ?? ''}"?`}
        confirmLabel="Deactivate"
        loading={deactivate.isPending}
        onConfirm={onDeactivate}
        onClose={() => setDeactivating(null)}
      />
    </Stack>
  );
}
