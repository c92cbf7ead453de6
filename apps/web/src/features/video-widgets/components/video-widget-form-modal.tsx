import { AspectRatio, Checkbox, Code, Image, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  isValidThumbnailUrl,
  parseYouTubeVideoId,
  URL_MAX,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_TITLE_MAX,
  VIDEO_WIDGET_MESSAGES,
  VideoWidgetFormSchema,
  youtubeDefaultThumbnail,
  youtubeEmbedUrl,
  type VideoWidget,
  type VideoWidgetFormValues,
} from '@myeai/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useUpdateVideoWidget } from '../api/video-widgets-api.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

function formOf(widget: VideoWidget): VideoWidgetFormValues {
  return {
    title: widget.video_id ? widget.title : '',
    description: widget.video_id ? widget.description : '',
    youtube_url: widget.watch_url ?? '',
    thumbnail_url: widget.thumbnail_url ?? '',
    rating: widget.rating.toFixed(1),
    // Spec 1 section 5: active by default, unless the widget says otherwise.
    is_active: widget.video_id ? widget.is_active : true,
    send_notification: false,
  };
}

/** What the saved widget will embed and show, as the admin types (the server stores only the video id). */
function Preview({ youtubeUrl, thumbnailUrl }: { youtubeUrl: string; thumbnailUrl: string }) {
  const id = youtubeUrl.trim() ? parseYouTubeVideoId(youtubeUrl) : null;
  if (!id) return null;
  const thumbnail = thumbnailUrl.trim() && isValidThumbnailUrl(thumbnailUrl.trim()) ? thumbnailUrl.trim() : youtubeDefaultThumbnail(id);
  return (
    <Stack gap={4} data-testid="video-preview">
      <Text size="sm">
        Embeds as <Code data-testid="embed-url">{youtubeEmbedUrl(id)}</Code>
      </Text>
      <AspectRatio ratio={16 / 9} maw={240}>
        <Image src={thumbnail} alt="Thumbnail preview" referrerPolicy="no-referrer" radius="sm" data-testid="thumbnail-preview" />
      </AspectRatio>
    </Stack>
  );
}

function VideoWidgetForm({ widget, onClose }: { widget: VideoWidget; onClose: () => void }) {
  const form = useDomainForm(VideoWidgetFormSchema, formOf(widget));
  const update = useUpdateVideoWidget();

  const onSubmit = form.onSubmit((input) => {
    update.mutate(
      { id: widget.id, input },
      {
        onSuccess: (response) => {
          notifications.show({
            color: 'green',
            message: response.notification_queued ? `${VIDEO_WIDGET_MESSAGES.saved} Every user will be notified.` : VIDEO_WIDGET_MESSAGES.saved,
          });
          onClose();
        },
        onError: (error) => {
          form.setServerErrors(error);
          // The server's detail when it gave one (spec 1 section 8), else the spec's text.
          const detail = error instanceof ApiError && error.code !== 'NETWORK' && error.code !== 'INTERNAL' ? error.message : null;
          notifications.show({ color: 'red', title: VIDEO_WIDGET_MESSAGES.saveFailed, message: detail ?? 'Please try again.' });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit video widget ${widget.position}`}>
      <Stack gap="md">
        <TextInput label="Title" required maxLength={VIDEO_TITLE_MAX} {...form.getInputProps('title')} />
        <Textarea label="Description" required autosize minRows={2} maxLength={VIDEO_DESCRIPTION_MAX} {...form.getInputProps('description')} />
        <TextInput
          label="YouTube URL"
          required
          type="url"
          maxLength={URL_MAX}
          placeholder="https://youtu.be/..."
          description="A watch, youtu.be, embed or playlist link that names a video"
          {...form.getInputProps('youtube_url')}
        />
        <TextInput
          label="Thumbnail URL"
          type="url"
          maxLength={URL_MAX}
          placeholder="https:// (optional)"
          description="Leave blank to use the video's own thumbnail"
          {...form.getInputProps('thumbnail_url')}
        />
        <Preview youtubeUrl={form.values.youtube_url} thumbnailUrl={form.values.thumbnail_url} />
        <TextInput label="Rating" required inputMode="decimal" description="0 to 5, in steps of 0.1" w={160} {...form.getInputProps('rating')} />
        <Checkbox label="Active (shown on everyone's dashboard)" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        <Checkbox label="Notify all users about this video" {...form.getInputProps('send_notification', { type: 'checkbox' })} />
        <FormActions saving={update.isPending} onCancel={onClose}>
          Save video
        </FormActions>
      </Stack>
    </form>
  );
}

type VideoWidgetFormModalProps = { widget: VideoWidget | null; onClose: () => void };

/** The admin's edit form (spec 1 section 5) in a dialog. */
export function VideoWidgetFormModal({ widget, onClose }: VideoWidgetFormModalProps) {
  return (
    <Modal opened={widget !== null} onClose={onClose} title={widget ? `Edit video widget ${widget.position}` : 'Edit video widget'} size="lg" centered>
      {widget && <VideoWidgetForm key={widget.id} widget={widget} onClose={onClose} />}
    </Modal>
  );
}
