import { Select, TextInput } from '@mantine/core';
import { ASSET_CLASS_LABELS, ASSET_CLASSES, CreateAssetInputSchema, type Asset } from '@myeai/domain';
import { useAdminAssets, useCreateAsset, useDeactivateAsset, useUpdateAsset } from '../api/trading-admin-api.ts';
import { useCatalogueForm } from '../hooks/use-catalogue-form.ts';
import { CatalogueTab, type CatalogueColumn } from './catalogue-tab.tsx';
import { FormFrame } from '../../../components/ui/form-frame.tsx';

const CLASS_OPTIONS = ASSET_CLASSES.map((value) => ({ value, label: ASSET_CLASS_LABELS[value] }));
const COLUMNS: CatalogueColumn<Asset>[] = [
  { header: 'Symbol', cell: (asset) => asset.symbol, fw: 600 },
  { header: 'Name', cell: (asset) => asset.name },
  { header: 'Class', cell: (asset) => ASSET_CLASS_LABELS[asset.asset_class] },
];

/** The class stays a plain string while edited: the Select may be empty, and the schema names the allowed ones. */
type Values = { symbol: string; name: string; asset_class: string };

function AssetForm({ item: asset, onDone }: { item: Asset | null; onDone: () => void }) {
  const { form, frame } = useCatalogueForm<typeof CreateAssetInputSchema, Values>({
    noun: 'asset',
    item: asset,
    initial: { symbol: asset?.symbol ?? '', name: asset?.name ?? '', asset_class: asset?.asset_class ?? '' },
    schema: CreateAssetInputSchema,
    create: useCreateAsset(),
    update: useUpdateAsset(),
    onDone,
  });
  return (
    <FormFrame {...frame}>
      <TextInput label="Symbol" required data-autofocus placeholder="EUR/USD" autoComplete="off" {...form.getInputProps('symbol')} />
      <TextInput label="Name" required placeholder="Euro / US Dollar" autoComplete="off" {...form.getInputProps('name')} />
      <Select label="Asset class" required placeholder="Choose a class" data={CLASS_OPTIONS} {...form.getInputProps('asset_class')} value={form.values.asset_class || null} onChange={(value) => form.setFieldValue('asset_class', value ?? '')} />
    </FormFrame>
  );
}

/** Assets tab: add, edit, deactivate (history kept) and reactivate. */
export function AssetsTab() {
  return (
    <CatalogueTab
      noun={{ one: 'asset', many: 'assets' }}
      name={(asset) => asset.symbol}
      columns={COLUMNS}
      minWidth={560}
      useItems={useAdminAssets}
      useUpdate={useUpdateAsset}
      useDeactivate={useDeactivateAsset}
      reactivation={(asset) => ({ symbol: asset.symbol, name: asset.name, asset_class: asset.asset_class, is_active: true })}
      Form={AssetForm}
    />
  );
}
