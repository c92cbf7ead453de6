import { ActionIcon, Alert, Button, Card, Group, SegmentedControl, Select, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  fillReferralLandingContent,
  REFERRAL_FEATURE_ICONS,
  ReferralLandingContentSchema,
  REFERRER_NAME_PLACEHOLDER,
  type ReferralLandingContent,
} from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useReferralLandingContent, useSaveReferralLandingContent } from '../api/referral-programme-api.ts';
import { JoinLandingView } from './join-page.tsx';
import { SaveBar } from '../../../components/ui/save-bar.tsx';

/** Spec 3 section 8: the success message shows for 5 seconds. */
const SAVED_MESSAGE_MS = 5_000;
const MAX_FEATURES = 8;
/** The name the preview puts where {referrer_name} goes. */
const PREVIEW_NAME = 'Alex';

function Editor({ content }: { content: ReferralLandingContent }) {
  const save = useSaveReferralLandingContent();
  const form = useDomainForm(ReferralLandingContentSchema, content);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);
  const values = form.getValues();
  const previewContent = ReferralLandingContentSchema.safeParse(values);

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Editor mode"
        value={mode}
        onChange={(value) => setMode(value as 'edit' | 'preview')}
        data={[
          { value: 'edit', label: 'Edit' },
          { value: 'preview', label: 'Preview' },
        ]}
        w="fit-content"
      />
      {mode === 'preview' ? (
        previewContent.success ? (
          <Card withBorder padding="lg" aria-label="Preview of the /join page">
            <Text size="xs" c="dimmed" mb="sm">
              Preview of /join as a visitor invited by “{PREVIEW_NAME}” sees it (not saved until you press Save).
            </Text>
            <JoinLandingView content={fillReferralLandingContent(previewContent.data, PREVIEW_NAME)} />
          </Card>
        ) : (
          <Alert color="orange">Fix the highlighted fields in Edit mode to preview the page.</Alert>
        )
      ) : (
        <form
          onSubmit={form.onSubmit((input) => {
            setSaved(false);
            save.mutate(input, { onSuccess: () => setSaved(true), onError: (error) => form.setServerErrors(error) });
          })}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Write {REFERRER_NAME_PLACEHOLDER} where the referrer’s first name goes.
            </Text>
            <TextInput label="Main title" key={form.key('main_title')} {...form.getInputProps('main_title')} />
            <TextInput label="Subtitle" key={form.key('main_subtitle')} {...form.getInputProps('main_subtitle')} />
            <TextInput label="Short message" description="One line shown under the subtitle." key={form.key('short_message')} {...form.getInputProps('short_message')} />
            <Textarea label="Hero description" autosize minRows={3} key={form.key('hero_description')} {...form.getInputProps('hero_description')} />
            <TextInput label="Tagline" key={form.key('tagline')} {...form.getInputProps('tagline')} />
            <Title order={3} size="h5" mt="sm">
              Features
            </Title>
            {values.features.map((_feature, index) => (
              <Card key={form.key(`features.${index}`)} withBorder padding="sm">
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <Select
                    label="Icon"
                    data={[...REFERRAL_FEATURE_ICONS]}
                    allowDeselect={false}
                    w={130}
                    key={form.key(`features.${index}.icon`)}
                    {...form.getInputProps(`features.${index}.icon`)}
                  />
                  <TextInput label="Title" style={{ flex: '1 1 180px' }} key={form.key(`features.${index}.title`)} {...form.getInputProps(`features.${index}.title`)} />
                  <TextInput label="Description" style={{ flex: '2 1 260px' }} key={form.key(`features.${index}.description`)} {...form.getInputProps(`features.${index}.description`)} />
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    mt={28}
                    aria-label={`Remove feature ${index + 1}`}
                    disabled={values.features.length <= 1}
                    onClick={() => form.removeListItem('features', index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
            <Button
              variant="light"
              w="fit-content"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={values.features.length >= MAX_FEATURES}
              onClick={() => form.insertListItem('features', { icon: 'star', title: '', description: '' })}
            >
              Add feature
            </Button>
            <TextInput label="Call-to-action button text" key={form.key('cta_text')} {...form.getInputProps('cta_text')} />
            <TextInput label="Call-to-action subtitle" key={form.key('cta_subtitle')} {...form.getInputProps('cta_subtitle')} />
            <SaveBar isPending={save.isPending} saved={saved} error={save.error} />
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The universal referral landing (/join) editor of the "Landing Page" tab (spec 3 section 2.3). */
export function ReferralLandingEditor() {
  const content = useReferralLandingContent();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3" mb="xs">
        Universal referral landing page
      </Title>
      {content.isPending ? (
        <Skeleton h={300} />
      ) : content.isError ? (
        <Alert color="red" title="Failed to load landing page content" role="alert">
          <Group gap="sm">
            <Text size="sm">{content.error.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void content.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      ) : (
        <Editor content={content.data.content} />
      )}
    </Card>
  );
}
