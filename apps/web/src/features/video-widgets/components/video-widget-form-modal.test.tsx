import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_WIDGET_MESSAGES } from '@myeai/domain';
import { fill, renderWithProviders, stubApi, validationFailure } from '../../../test/render.tsx';
import { VideoWidgetFormModal } from './video-widget-form-modal.tsx';

const EMPTY_SLOT = {
  id: 'w1',
  position: 1,
  title: '',
  description: '',
  video_id: null,
  youtube_url: null,
  watch_url: null,
  thumbnail_url: null,
  display_thumbnail_url: null,
  rating: 0,
  total_ratings: 0,
  is_active: false,
  updated_at: '2026-01-01T00:00:00.000Z',
};
const SAVED = { status: 'success', widget: { ...EMPTY_SLOT, title: 'Welcome', video_id: 'dQw4w9WgXcQ', is_active: true }, notification_queued: false };

afterEach(() => vi.unstubAllGlobals());

function renderEdit() {
  const onClose = vi.fn();
  const view = renderWithProviders(<VideoWidgetFormModal widget={EMPTY_SLOT} onClose={onClose} />);
  return { onClose, form: within(screen.getByRole('form', { name: 'Edit video widget 1' })), ...view };
}

async function fillValid({ user, form }: ReturnType<typeof renderEdit>) {
  await fill(user, form.getByLabelText(/^Title/), ' Welcome ');
  await fill(user, form.getByLabelText(/^Description/), 'Start here');
  await fill(user, form.getByLabelText(/^YouTube URL/), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await fill(user, form.getByLabelText(/^Rating/), '4.5');
}

describe('Edit video widget dialog', () => {
  it("shows the video widget rules' messages on the fields and sends nothing", async () => {
    const requests = stubApi(() => ({ status: 200, body: SAVED }));
    const { user, form } = renderEdit();
    await fill(user, form.getByLabelText(/^YouTube URL/), 'https://example.com/video');
    await fill(user, form.getByLabelText(/^Rating/), '5.5');
    await user.click(form.getByRole('button', { name: 'Save video' }));
    expect(form.getByLabelText(/^Title/)).toHaveAccessibleDescription(VIDEO_WIDGET_MESSAGES.titleRequired);
    expect(form.getByLabelText(/^YouTube URL/)).toHaveAccessibleDescription(expect.stringContaining(VIDEO_WIDGET_MESSAGES.youtubeUrlInvalid));
    expect(form.getByLabelText(/^Rating/)).toHaveAccessibleDescription(expect.stringContaining(VIDEO_WIDGET_MESSAGES.ratingInvalid));
    expect(requests).toEqual([]);
  });

  it('sends the parsed widget (embed URL, rating as a number, no thumbnail as null) and closes', async () => {
    const requests = stubApi(() => ({ status: 200, body: SAVED }));
    const view = renderEdit();
    await fillValid(view);
    await view.user.click(view.form.getByRole('button', { name: 'Save video' }));
    await waitFor(() => expect(view.onClose).toHaveBeenCalled());
    expect(requests).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/video-widgets/w1',
        body: { title: 'Welcome', description: 'Start here', youtube_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', thumbnail_url: null, rating: 4.5, is_active: true, send_notification: false },
      },
    ]);
  });

  it("shows the server's 4xx field message on its field", async () => {
    stubApi(() => validationFailure([{ path: 'send_notification', message: VIDEO_WIDGET_MESSAGES.inactiveNotification }, { path: 'title', message: 'Title is taken.' }]));
    const view = renderEdit();
    await fillValid(view);
    await view.user.click(view.form.getByRole('button', { name: 'Save video' }));
    await waitFor(() => expect(view.form.getByLabelText(/^Title/)).toHaveAccessibleDescription('Title is taken.'));
    expect(view.onClose).not.toHaveBeenCalled();
  });
});
