import { Alert, Button, Checkbox, FileInput, Group, Modal, NativeSelect, Progress, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  isUploadedContentType,
  LEARNING_ACCESS_LEVEL_LABELS,
  LEARNING_ACCESS_LEVELS,
  LEARNING_ADMIN_MESSAGES as M,
  LEARNING_COLLECTION_LABELS,
  LEARNING_COLLECTIONS,
  LEARNING_CONTENT_TYPE_LABELS,
  LEARNING_CATEGORY_NAME_MAX,
  LEARNING_CONTENT_TYPES,
  LEARNING_DESCRIPTION_MAX,
  LEARNING_DIFFICULTIES,
  LEARNING_TITLE_MAX,
  LEARNING_UPLOAD_MAX_BYTES,
  LearningCategoryFormSchema,
  LearningModuleFormSchema,
  LearningUploadSchema,
  newLearningModuleFormValues,
  URL_MAX,
  type AdminLearningCategory,
  type AdminLearningModule,
  type LearningContentType,
  type LearningModuleFormValues,
  type LearningUpload,
} from '@myeai/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { uploadLearningFile, useSaveLearningCategory, useSaveLearningModule } from '../api/learning-admin-api.ts';

/**
 * A new module's typed values (and its uploaded file) are kept in this tab while the dialog is
 * closed, so closing it, or leaving to add a category, loses nothing (reliability catalogue
 * D-16). Saved modules clear it; "Discard draft" too.
 */
const DRAFT_KEY = 'myeai.learning-module-draft';
type Draft = { values: LearningModuleFormValues; upload: LearningUpload | null };

function readDraft(categories: AdminLearningCategory[]): Draft | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<Draft> | null;
    if (!stored?.values || typeof stored.values !== 'object') return null;
    const defaults = newLearningModuleFormValues('');
    // Only the form's own fields, each of the type the field holds: whatever else is stored is dropped.
    const values = Object.fromEntries(
      Object.entries(defaults).map(([key, fallback]) => {
        const value = (stored.values as Record<string, unknown>)[key];
        return [key, typeof value === typeof fallback ? value : fallback];
      }),
    ) as LearningModuleFormValues;
    if (!categories.some((category) => category.id === values.category_id)) values.category_id = categories[0]?.id ?? '';
    const upload = LearningUploadSchema.safeParse(stored.upload);
    return { values, upload: upload.success ? upload.data : null };
  } catch {
    return null;
  }
}

function writeDraft(draft: Draft | null): void {
  try {
    if (draft) window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    else window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage full or blocked: the dialog still works, without a draft.
  }
}

/** True when a new module's values hold something the admin typed or chose (not only the defaults). */
function hasTypedWork(values: LearningModuleFormValues, upload: LearningUpload | null, categories: AdminLearningCategory[]): boolean {
  const pristine = newLearningModuleFormValues(categories[0]?.id ?? '');
  return upload !== null || (Object.keys(pristine) as (keyof LearningModuleFormValues)[]).some((key) => key !== 'category_id' && values[key] !== pristine[key]);
}

/**
 * "New category" inside the module form: a category is created without leaving the dialog, and
 * chosen. Not a nested form (HTML has none): Enter in the name field adds the category instead
 * of submitting the module.
 */
function InlineCategory({ startOpen, onCreated }: { startOpen: boolean; onCreated: (category: AdminLearningCategory) => void }) {
  const [open, setOpen] = useState(startOpen);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveLearningCategory();
  const add = () => {
    const parsed = LearningCategoryFormSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.categoryNameRequired);
      return;
    }
    save.mutate(
      { id: null, name: parsed.data.name },
      {
        onSuccess: (response) => {
          notifications.show({ color: 'green', message: `Category “${response.category.name}” added and chosen.` });
          setName('');
          setOpen(false);
          onCreated(response.category);
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'The category could not be added. Please try again.'),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  if (!open)
    return (
      <Button size="compact-sm" variant="subtle" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        New category
      </Button>
    );
  return (
    <Group align="flex-start" gap="xs" wrap="wrap">
      <TextInput
        label="New category"
        placeholder="e.g. Sales Mastery"
        maxLength={LEARNING_CATEGORY_NAME_MAX}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        error={error}
        flex={1}
        miw={180}
        data-autofocus
      />
      {/* Beside the field (level with the input under its label) from sm; below it on a phone. */}
      <Button mt={{ base: 0, sm: 25 }} variant="light" onClick={add} loading={save.isPending}>
        Add category
      </Button>
      <Button mt={{ base: 0, sm: 25 }} variant="default" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </Group>
  );
}

function formOf(module: AdminLearningModule): LearningModuleFormValues {
  return {
    title: module.title,
    category_id: module.category_id,
    description: module.description,
    content_type: module.content_type,
    url: module.url ?? '',
    upload_id: module.upload?.id ?? '',
    thumbnail_url: module.thumbnail_url ?? '',
    duration_minutes: module.duration_minutes === null ? '' : String(module.duration_minutes),
    tags: module.tags.join(', '),
    difficulty: module.difficulty,
    access_level: module.access_level,
    sort_order: String(module.sort_order),
    collection: module.collection ?? '',
    is_active: module.is_active,
  };
}

const ACCEPT: Partial<Record<LearningContentType, string>> = { uploaded_video: 'video/mp4,video/webm,.mp4,.m4v,.webm', pdf_upload: 'application/pdf,.pdf' };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The file of an uploaded video or PDF: sent as soon as it is chosen, with a progress bar; the server reads what it is. */
function UploadField({ contentType, current, onUploaded, error }: { contentType: LearningContentType; current: LearningUpload | null; onUploaded: (upload: LearningUpload) => void; error: string | undefined }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const onFile = (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    if (file.size > LEARNING_UPLOAD_MAX_BYTES) {
      setUploadError(M.uploadTooLarge);
      return;
    }
    abort.current = new AbortController();
    setProgress(0);
    uploadLearningFile(file, ({ loaded, total }) => setProgress(Math.round((loaded / total) * 100)), abort.current.signal)
      .then((upload) => {
        setProgress(null);
        onUploaded(upload);
      })
      .catch((failure: unknown) => {
        setProgress(null);
        setUploadError(failure instanceof ApiError ? failure.message : 'The upload failed. Please try again.');
      });
  };

  return (
    <Stack gap={6}>
      <FileInput
        label={contentType === 'pdf_upload' ? 'PDF file' : 'Video file (MP4 or WebM)'}
        description={`Up to ${formatBytes(LEARNING_UPLOAD_MAX_BYTES)}; the file's content is checked.`}
        placeholder="Choose a file"
        accept={ACCEPT[contentType]}
        onChange={onFile}
        disabled={progress !== null}
        error={uploadError ?? error}
        clearable={false}
      />
      {progress !== null && (
        <Group gap="xs" wrap="nowrap">
          <Progress value={progress} flex={1} aria-label="Upload progress" striped animated />
          <Text size="sm" w={48} ta="right">
            {progress}%
          </Text>
          <Button size="xs" variant="subtle" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </Group>
      )}
      {current && progress === null && (
        <Text size="sm" data-testid="uploaded-file">
          Uploaded: {current.original_name} ({formatBytes(current.size_bytes)})
        </Text>
      )}
    </Stack>
  );
}

type ModuleFormProps = { module: AdminLearningModule | null; categories: AdminLearningCategory[]; onClose: () => void; onDirtyChange: (dirty: boolean) => void };

function ModuleForm({ module, categories: listed, onClose, onDirtyChange }: ModuleFormProps) {
  // Categories added inline show at once, before the list is read again.
  const [added, setAdded] = useState<AdminLearningCategory[]>([]);
  const categories = [...listed, ...added.filter((category) => !listed.some((other) => other.id === category.id))];
  const [draft] = useState(() => (module ? null : readDraft(listed)));
  const form = useDomainForm(LearningModuleFormSchema, module ? formOf(module) : (draft?.values ?? newLearningModuleFormValues(listed[0]?.id ?? '')));
  const save = useSaveLearningModule();
  const [upload, setUpload] = useState<LearningUpload | null>(module?.upload ?? draft?.upload ?? null);
  const [restored, setRestored] = useState(draft !== null);
  const isNew = module === null;
  const typedWork = isNew ? hasTypedWork(form.values, upload, listed) : form.isDirty();

  useEffect(() => {
    if (isNew) writeDraft(typedWork ? { values: form.values, upload } : null);
    onDirtyChange(typedWork);
  }, [isNew, typedWork, form.values, upload, onDirtyChange]);

  const discardDraft = () => {
    writeDraft(null);
    setUpload(null);
    setRestored(false);
    form.setValues(newLearningModuleFormValues(categories[0]?.id ?? ''));
    form.resetDirty();
  };
  const contentType = form.values.content_type as LearningContentType;
  const uploaded = isUploadedContentType(contentType);
  const failurePrefix = module ? M.updateFailed : M.createFailed;

  const onSubmit = form.onSubmit((input) => {
    save.mutate(
      { id: module?.id ?? null, input },
      {
        onSuccess: (response) => {
          notifications.show({ color: 'green', message: response.message });
          if (isNew) writeDraft(null);
          onDirtyChange(false);
          onClose();
        },
        onError: (error) => {
          form.setServerErrors(error);
          const detail = error instanceof ApiError ? error.message : 'Please try again.';
          notifications.show({ color: 'red', message: `${failurePrefix}${detail}` });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={module ? 'Edit learning module' : 'Create learning module'}>
      <Stack gap="sm">
        {restored && (
          <Alert color="blue" title="Draft restored">
            <Group justify="space-between" gap="xs">
              <Text size="sm">What you typed last time is back, uploaded file included.</Text>
              <Button size="compact-sm" variant="default" onClick={discardDraft}>
                Discard draft
              </Button>
            </Group>
          </Alert>
        )}
        {categories.length === 0 && (
          <Alert color="yellow" title="No categories yet">
            Every module belongs to a category: add the first one below, without leaving this form.
          </Alert>
        )}
        <TextInput label="Title" required maxLength={LEARNING_TITLE_MAX} {...form.getInputProps('title')} />
        <Stack gap={6}>
          <NativeSelect
            label="Category"
            required
            data={[{ value: '', label: 'Choose a category' }, ...categories.map((category) => ({ value: category.id, label: category.name }))]}
            {...form.getInputProps('category_id')}
          />
          <InlineCategory
            startOpen={categories.length === 0}
            onCreated={(category) => {
              setAdded((previous) => [...previous, category]);
              form.setFieldValue('category_id', category.id);
            }}
          />
        </Stack>
        <Textarea label="Description" required autosize minRows={2} maxLength={LEARNING_DESCRIPTION_MAX} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect label="Content type" required data={LEARNING_CONTENT_TYPES.map((type) => ({ value: type, label: LEARNING_CONTENT_TYPE_LABELS[type] }))} {...form.getInputProps('content_type')} />
          <NativeSelect label="Access level" required data={LEARNING_ACCESS_LEVELS.map((level) => ({ value: level, label: LEARNING_ACCESS_LEVEL_LABELS[level] }))} {...form.getInputProps('access_level')} />
        </SimpleGrid>
        {uploaded ? (
          <UploadField
            contentType={contentType}
            current={upload && form.values.upload_id === upload.id ? upload : null}
            error={form.errors.upload_id as string | undefined}
            onUploaded={(stored) => {
              setUpload(stored);
              form.setFieldValue('upload_id', stored.id);
              form.setFieldValue('content_type', stored.mime_type === 'application/pdf' ? 'pdf_upload' : 'uploaded_video');
            }}
          />
        ) : (
          <TextInput
            label={contentType === 'pdf_link' ? 'Document URL' : 'Video URL'}
            required
            type="url"
            maxLength={URL_MAX}
            placeholder="https://"
            description={contentType === 'youtube' ? 'A YouTube watch, youtu.be or embed link' : contentType === 'vimeo' ? 'A vimeo.com link' : undefined}
            {...form.getInputProps('url')}
          />
        )}
        <TextInput label="Thumbnail URL" type="url" maxLength={URL_MAX} placeholder="https:// (optional)" {...form.getInputProps('thumbnail_url')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Duration (minutes)" inputMode="numeric" placeholder="e.g. 15" {...form.getInputProps('duration_minutes')} />
          <NativeSelect label="Difficulty" data={[...LEARNING_DIFFICULTIES]} {...form.getInputProps('difficulty')} />
          <TextInput label="Sort order" inputMode="numeric" {...form.getInputProps('sort_order')} />
        </SimpleGrid>
        <TextInput label="Tags" description="Separate tags with commas" placeholder="sales, closing" {...form.getInputProps('tags')} />
        <NativeSelect
          label="Resource collection"
          description="Shown as a resource tile of the hub and the Opportunity Engine"
          data={[{ value: '', label: 'None' }, ...LEARNING_COLLECTIONS.map((collection) => ({ value: collection, label: LEARNING_COLLECTION_LABELS[collection] }))]}
          {...form.getInputProps('collection')}
        />
        <Checkbox label="Active (shown to learners)" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {isNew && typedWork ? 'Close (draft kept)' : 'Cancel'}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {module ? 'Save changes' : 'Create module'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}


type ModuleFormModalProps = { opened: boolean; module: AdminLearningModule | null; categories: AdminLearningCategory[]; onClose: () => void };

/**
 * The create and edit dialog (spec 2 "Learning module admin", section 5 rules, section 8 messages).
 * Closing a new module keeps its draft; closing an edited module with changes asks first.
 */
export function ModuleFormModal({ opened, module, categories, onClose }: ModuleFormModalProps) {
  const dirty = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const requestClose = () => {
    if (module && dirty.current) setConfirming(true);
    else onClose();
  };
  return (
    <>
      <Modal opened={opened} onClose={requestClose} title={module ? 'Edit learning module' : 'Add learning module'} size="lg" centered>
        {opened && <ModuleForm key={module?.id ?? 'new'} module={module} categories={categories} onClose={requestClose} onDirtyChange={onDirtyChange} />}
      </Modal>
      {/* Over the form, which stays as it is when the admin goes back to it. */}
      <ConfirmModal
        opened={confirming}
        title="Discard your changes?"
        message={`The changes to “${module?.title ?? ''}” are not saved.`}
        confirmLabel="Discard changes"
        loading={false}
        onConfirm={() => {
          setConfirming(false);
          dirty.current = false;
          onClose();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
