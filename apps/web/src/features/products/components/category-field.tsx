import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { CreateProductCategoryInputSchema, type ProductCategory } from '@myeai/domain';
import { useCreateCategory } from '../api/products-api.ts';

type CategoryFieldProps = {
  categories: ProductCategory[];
  value: string;
  error: ReactNode;
  onChange: (categoryId: string) => void;
};

/** The category is chosen from the fetched categories; an admin can add one on the spot. */
export function CategoryField({ categories, value, error, onChange }: CategoryFieldProps) {
  const [isAdding, setIsAdding] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const create = useCreateCategory();

  const onAdd = () => {
    const parsed = CreateProductCategoryInputSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    create.mutate(parsed.data.name, {
      onSuccess: (category) => {
        notifications.show({ color: 'green', message: `Category "${category.name}" added` });
        onChange(category.id);
        setIsAdding(false);
        setName('');
      },
      onError: (failure) => setNameError(failure.message),
    });
  };

  return (
    <Stack gap={6}>
      <Select
        label="Category"
        placeholder="Choose a category"
        data={categories.map((category) => ({ value: category.id, label: category.name }))}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        error={error}
        required
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {isAdding ? (
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label="New category name"
            placeholder="New category name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                onAdd();
              }
            }}
            error={nameError}
            maxLength={60}
            style={{ flex: 1 }}
          />
          <Button variant="light" onClick={onAdd} loading={create.isPending}>
            Add
          </Button>
          <Button variant="subtle" color="gray" onClick={() => setIsAdding(false)}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Button variant="subtle" size="compact-sm" onClick={() => setIsAdding(true)} style={{ alignSelf: 'flex-start' }}>
          New category
        </Button>
      )}
    </Stack>
  );
}
