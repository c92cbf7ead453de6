import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { LEARNING_CATEGORY_NAME_MAX, LearningCategoryFormSchema, type AdminLearningCategory } from '@myeai/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useDeleteLearningCategory, useSaveLearningCategory } from '../api/learning-admin-api.ts';

function CategoryForm({ category, onDone, submitLabel }: { category: AdminLearningCategory | null; onDone: () => void; submitLabel: string }) {
  const form = useDomainForm(LearningCategoryFormSchema, { name: category?.name ?? '' });
  const save = useSaveLearningCategory();
  const onSubmit = form.onSubmit(({ name }) =>
    save.mutate(
      { id: category?.id ?? null, name, sortOrder: category?.sort_order ?? 0 },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: category ? 'Category renamed.' : 'Category added.' });
          form.reset();
          onDone();
        },
        onError: (error) => {
          if (!form.setServerErrors(error)) notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'Please try again.' });
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={category ? `Rename ${category.name}` : 'Add a category'}>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput label={category ? 'New name' : 'New category'} maxLength={LEARNING_CATEGORY_NAME_MAX} flex={1} miw={180} {...form.getInputProps('name')} />
        <Button type="submit" mt={25} loading={save.isPending}>
          {submitLabel}
        </Button>
        {category && (
          <Button variant="default" mt={25} onClick={onDone}>
            Cancel
          </Button>
        )}
      </Group>
    </form>
  );
}

/** Categories are managed here (issue 20 item 4): add, rename, remove an unused one. */
export function CategoriesPanel({ categories }: { categories: AdminLearningCategory[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useDeleteLearningCategory();
  return (
    <Stack gap="md">
      <CategoryForm category={null} onDone={() => undefined} submitLabel="Add category" />
      {categories.length === 0 ? (
        <Text c="dimmed">No categories yet. Add one to start creating modules.</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Categories">
          {categories.map((category) => (
            <Card key={category.id} withBorder padding="sm" component="li">
              {editing === category.id ? (
                <CategoryForm category={category} onDone={() => setEditing(null)} submitLabel="Save" />
              ) : (
                <Group justify="space-between" wrap="wrap">
                  <div>
                    <Text fw={600}>{category.name}</Text>
                    <Text size="xs" c="dimmed">
                      {category.module_count} {category.module_count === 1 ? 'module' : 'modules'} ({category.active_module_count} active)
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setEditing(category.id)}>
                      Rename
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      disabled={category.module_count > 0}
                      title={category.module_count > 0 ? 'Move its modules to another category first' : undefined}
                      onClick={() =>
                        remove.mutate(category.id, {
                          onSuccess: () => notifications.show({ color: 'green', message: 'Category removed.' }),
                          onError: (error) => notifications.show({ color: 'red', message: error instanceof ApiError ? error.message : 'Please try again.' }),
                        })
                      }
                    >
                      Remove
                    </Button>
                  </Group>
                </Group>
              )}
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
