import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEARNING_ADMIN_MESSAGES as M } from '@myeai/domain';
import { fill, renderWithProviders, stubApi, validationFailure } from '../../../test/render.tsx';
import { ModuleFormModal } from './module-form-modal.tsx';

const CATEGORIES = [
  { id: '0b6f3c36-4a4c-4f54-9a55-3f6a1d0c9a11', name: 'Sales', sort_order: 0, module_count: 0, active_module_count: 0 },
  { id: '1b6f3c36-4a4c-4f54-9a55-3f6a1d0c9a12', name: 'Mindset', sort_order: 1, module_count: 0, active_module_count: 0 },
];
const CREATED = {
  status: 'success',
  message: M.created,
  module: {
    id: '2b6f3c36-4a4c-4f54-9a55-3f6a1d0c9a13',
    title: 'Closing calls',
    description: 'How to close',
    category_id: CATEGORIES[0]!.id,
    category_name: 'Sales',
    content_type: 'youtube',
    url: 'https://youtu.be/dQw4w9WgXcQ',
    upload: null,
    thumbnail_url: null,
    duration_minutes: 15,
    tags: ['sales', 'closing'],
    difficulty: 'Beginner',
    access_level: 'subscriber',
    sort_order: 0,
    is_active: true,
    collection: null,
    creator_name: 'Ada Admin',
    created_at: '2026-11-23T12:00:00.000Z',
    updated_at: '2026-11-23T12:00:00.000Z',
    learners_started: 0,
    learners_completed: 0,
  },
};

afterEach(() => vi.unstubAllGlobals());

function renderCreate() {
  const onClose = vi.fn();
  const view = renderWithProviders(<ModuleFormModal opened module={null} categories={CATEGORIES} onClose={onClose} />);
  return { onClose, form: within(screen.getByRole('form', { name: 'Create learning module' })), ...view };
}

describe('Add learning module dialog', () => {
  it('starts as a YouTube module at subscriber level, sort order 0', () => {
    stubApi(() => ({ status: 200, body: CREATED }));
    const { form } = renderCreate();
    expect(form.getByLabelText(/^Content type/)).toHaveValue('youtube');
    expect(form.getByLabelText(/^Access level/)).toHaveValue('subscriber');
    expect(form.getByLabelText(/^Sort order/)).toHaveValue('0');
  });

  it('shows the form rules’ messages on the fields and sends nothing', async () => {
    const requests = stubApi(() => ({ status: 200, body: CREATED }));
    const { user, form } = renderCreate();
    await fill(user, form.getByLabelText(/^Duration/), '12.5');
    await user.click(form.getByRole('button', { name: 'Create module' }));
    expect(form.getByLabelText(/^Title/)).toHaveAccessibleDescription(M.titleRequired);
    expect(form.getByLabelText(/^Description/)).toHaveAccessibleDescription(M.descriptionRequired);
    expect(form.getByLabelText(/^Video URL/)).toHaveAccessibleDescription(expect.stringContaining(M.urlRequired));
    expect(form.getByLabelText(/^Duration/)).toHaveAccessibleDescription(M.durationInvalid);
    expect(requests).toEqual([]);
  });

  it('sends the parsed module (tags split on commas, whole minutes, no thumbnail as null) and closes with the spec message', async () => {
    const requests = stubApi(() => ({ status: 201, body: CREATED }));
    const { user, form, onClose } = renderCreate();
    await fill(user, form.getByLabelText(/^Title/), ' Closing calls ');
    await fill(user, form.getByLabelText(/^Description/), 'How to close');
    await fill(user, form.getByLabelText(/^Video URL/), 'https://youtu.be/dQw4w9WgXcQ');
    await fill(user, form.getByLabelText(/^Duration/), '15');
    await fill(user, form.getByLabelText(/^Tags/), 'sales, closing ,');
    await user.click(form.getByRole('button', { name: 'Create module' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/admin/learning/modules',
        body: {
          title: 'Closing calls',
          category_id: CATEGORIES[0]!.id,
          description: 'How to close',
          content_type: 'youtube',
          url: 'https://youtu.be/dQw4w9WgXcQ',
          upload_id: null,
          thumbnail_url: null,
          duration_minutes: 15,
          tags: ['sales', 'closing'],
          difficulty: 'Beginner',
          access_level: 'subscriber',
          sort_order: 0,
          collection: null,
          is_active: true,
        },
      },
    ]);
    expect(await screen.findByText(M.created)).toBeInTheDocument();
  });

  it('an uploaded type asks for a file instead of a URL', async () => {
    stubApi(() => ({ status: 200, body: CREATED }));
    const { user, form } = renderCreate();
    await user.selectOptions(form.getByLabelText(/^Content type/), 'uploaded_video');
    expect(form.queryByLabelText(/^Video URL/)).toBeNull();
    await fill(user, form.getByLabelText(/^Title/), 'Intro');
    await fill(user, form.getByLabelText(/^Description/), 'Intro clip');
    await user.click(form.getByRole('button', { name: 'Create module' }));
    expect(await form.findByText(M.fileRequired)).toBeInTheDocument();
  });

  it('a refused create shows "Failed to create module: " and the server’s detail, and the field message', async () => {
    stubApi(() => validationFailure([{ path: 'category_id', message: M.categoryUnknown }]));
    const { user, form, onClose } = renderCreate();
    await fill(user, form.getByLabelText(/^Title/), 'Closing calls');
    await fill(user, form.getByLabelText(/^Description/), 'How to close');
    await fill(user, form.getByLabelText(/^Video URL/), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(form.getByRole('button', { name: 'Create module' }));
    await waitFor(() => expect(form.getByLabelText(/^Category/)).toHaveAccessibleDescription(M.categoryUnknown));
    expect(await screen.findByText(new RegExp(`^${M.createFailed}`))).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
