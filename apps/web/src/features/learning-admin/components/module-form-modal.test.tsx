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

afterEach(() => {
  vi.unstubAllGlobals();
  // The dialog keeps a new module's draft in this tab's session storage.
  window.sessionStorage.clear();
});

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

  it('with no category yet, one is created inside the form, chosen, and the module is saved with it', async () => {
    const NEW = { id: '3b6f3c36-4a4c-4f54-9a55-3f6a1d0c9a14', name: 'Sales Mastery', sort_order: 0, module_count: 0, active_module_count: 0 };
    const requests = stubApi((request) => (request.path === '/api/admin/learning/categories' ? { status: 201, body: { status: 'success', category: NEW } } : { status: 201, body: CREATED }));
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ModuleFormModal opened module={null} categories={[]} onClose={onClose} />);
    const form = within(screen.getByRole('form', { name: 'Create learning module' }));
    await fill(user, form.getByLabelText(/^Title/), 'Closing calls');
    // The name field is open from the start when there is no category; Enter adds it, it does not submit the module.
    await fill(user, form.getByLabelText('New category'), 'Sales Mastery');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(form.getByLabelText(/^Category/)).toHaveValue(NEW.id));
    expect(requests).toEqual([{ method: 'POST', path: '/api/admin/learning/categories', body: { name: 'Sales Mastery', sort_order: 0 } }]);
    expect(form.getByLabelText(/^Title/)).toHaveValue('Closing calls');
    await fill(user, form.getByLabelText(/^Description/), 'How to close');
    await fill(user, form.getByLabelText(/^Video URL/), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(form.getByRole('button', { name: 'Create module' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[1]).toMatchObject({ method: 'POST', path: '/api/admin/learning/modules', body: { title: 'Closing calls', category_id: NEW.id } });
  });

  it('closing keeps what was typed: reopened, the draft is back until it is discarded', async () => {
    stubApi(() => ({ status: 201, body: CREATED }));
    const first = renderCreate();
    await fill(first.user, first.form.getByLabelText(/^Title/), 'Half-written module');
    await first.user.selectOptions(first.form.getByLabelText(/^Access level/), 'premium');
    await first.user.click(first.form.getByRole('button', { name: 'Close (draft kept)' }));
    expect(first.onClose).toHaveBeenCalled();
    first.unmount();

    const second = renderCreate();
    expect(second.form.getByLabelText(/^Title/)).toHaveValue('Half-written module');
    expect(second.form.getByLabelText(/^Access level/)).toHaveValue('premium');
    await second.user.click(second.form.getByRole('button', { name: 'Discard draft' }));
    expect(second.form.getByLabelText(/^Title/)).toHaveValue('');
    second.unmount();
    expect(renderCreate().form.getByLabelText(/^Title/)).toHaveValue('');
  });

  it('closing an edited module with unsaved changes asks first', async () => {
    stubApi(() => ({ status: 200, body: CREATED }));
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ModuleFormModal opened module={CREATED.module as never} categories={CATEGORIES} onClose={onClose} />);
    const form = within(screen.getByRole('form', { name: 'Edit learning module' }));
    await fill(user, form.getByLabelText(/^Title/), 'Closing calls, revised');
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalled();
  });
});
