import { Button, Divider, Group, Modal, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import {
  basisPointsToPercentInput,
  centsToDollarInput,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_TEXTS,
  URL_MAX,
  validateProductForm,
  type Product,
  type ProductCategory,
  type ProductFormField,
  type ProductFormValues,
} from '@myeai/domain';
import { useCreateProduct, useUpdateProduct } from '../api/products-api.ts';
import { CategoryField } from './category-field.tsx';
import { ConversionSecretPanel } from './conversion-secret-panel.tsx';

const EMPTY_FORM: ProductFormValues = {
  name: '',
  description: '',
  category_id: '',
  price: '',
  commission: '',
  master_link: '',
  image_url: '',
  is_active: true,
};

function formOf(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    category_id: product.category.id,
    price: centsToDollarInput(product.price_cents),
    commission: basisPointsToPercentInput(product.commission_rate_bp),
    master_link: product.master_link,
    image_url: product.image_url ?? '',
    is_active: product.is_active,
  };
}

type ProductFormProps = { product: Product | null; categories: ProductCategory[]; onClose: () => void };

function ProductForm({ product, categories, onClose }: ProductFormProps) {
  const [values, setValues] = useState<ProductFormValues>(() => (product ? formOf(product) : EMPTY_FORM));
  const [errors, setErrors] = useState<Partial<Record<ProductFormField, string>>>({});
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const isPending = create.isPending || update.isPending;

  const set = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'is_active') setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: Exclude<ProductFormField, 'category_id'>) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    error: errors[field],
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateProductForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    const done = (message: string) => () => {
      notifications.show({ color: 'green', message });
      onClose();
    };
    if (product) {
      update.mutate(
        { id: product.id, input: result.value },
        { onSuccess: done(PRODUCT_TEXTS.updated), onError: (error) => notifications.show({ color: 'red', message: `${PRODUCT_TEXTS.updateFailed}${error.message}` }) },
      );
    } else {
      create.mutate(result.value, {
        onSuccess: done(PRODUCT_TEXTS.created),
        onError: (error) => notifications.show({ color: 'red', message: `${PRODUCT_TEXTS.createFailed}${error.message}` }),
      });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={product ? 'Edit product' : 'Add product'}>
      <Stack gap="md">
        <TextInput label="Name" required maxLength={PRODUCT_NAME_MAX} {...text('name')} />
        <Textarea label="Description" required autosize minRows={3} maxLength={PRODUCT_DESCRIPTION_MAX} {...text('description')} />
        <CategoryField categories={categories} value={values.category_id} error={errors.category_id} onChange={(id) => set('category_id', id)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Price (USD)" required inputMode="decimal" leftSection="$" placeholder="0.00" description="Up to 2 decimals" {...text('price')} />
          <TextInput label="Commission (%)" required inputMode="decimal" rightSection="%" placeholder="0" description="0 to 100, step 0.1" {...text('commission')} />
        </SimpleGrid>
        <TextInput label="Master link" required type="url" placeholder="https://" maxLength={URL_MAX} description="Where affiliate links lead: must start with http:// or https://" {...text('master_link')} />
        <TextInput label="Image URL" type="url" placeholder="https:// (optional)" maxLength={URL_MAX} {...text('image_url')} />
        <Switch label="Active (shown in the catalogue, links work)" checked={values.is_active} onChange={(event) => set('is_active', event.currentTarget.checked)} />
        {product && (
          <>
            <Divider />
            <ConversionSecretPanel productId={product.id} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isPending}>
            {product ? 'Save Product' : 'Add Product'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ProductFormModalProps = { opened: boolean; product: Product | null; categories: ProductCategory[]; onClose: () => void };

/** Admin add and edit dialogs with the product form rules and messages of spec 2. */
export function ProductFormModal({ opened, product, categories, onClose }: ProductFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={product ? 'Edit product' : 'Add product'} size="lg" centered>
      {opened && <ProductForm key={product?.id ?? 'new'} product={product} categories={categories} onClose={onClose} />}
    </Modal>
  );
}
