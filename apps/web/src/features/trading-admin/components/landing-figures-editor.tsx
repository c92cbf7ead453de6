import { ActionIcon, Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiPath, LandingContentResponseSchema, LandingContentSchema, landingPaths, type LandingContent } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useLandingContent } from '../../landing/index.ts';
import { SaveBar } from '../../../components/ui/save-bar.tsx';

/** Spec 3 section 8: the success message shows for 5 seconds. */
const SAVED_MESSAGE_MS = 5_000;
const MAX_FIGURES = 6;

type FormValues = { figures: { label: string; value: string }[]; community_url: string; community_name: string };

function useSaveLandingContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: LandingContent) => apiRequest(apiPath(landingPaths.admin), { method: 'PUT', body: content, schema: LandingContentResponseSchema }),
    onSuccess: (data) => client.setQueryData(['landing'], data),
  });
}

function FiguresForm({ content }: { content: LandingContent }) {
  const save = useSaveLandingContent();
  const form = useDomainForm(
    LandingContentSchema,
    {
      figures: content.figures.length > 0 ? content.figures : [{ label: '', value: '' }],
      community_url: content.community_url ?? '',
      community_name: content.community_name,
    } as FormValues,
    { toInput: (values: FormValues) => ({ ...values, community_url: values.community_url.trim() || null }) },
  );
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);
  const figures = form.getValues().figures;
  return (
    <form
      onSubmit={form.onSubmit((input) => {
        setSaved(false);
        save.mutate(input, { onSuccess: () => setSaved(true), onError: (error) => form.setServerErrors(error) });
      })}
    >
      <Stack gap="sm">
        {figures.map((_figure, index) => (
          <Group key={form.key(`figures.${index}`)} align="flex-start" gap="sm" wrap="wrap">
            <TextInput label={`Figure ${index + 1} value`} placeholder="10,000+" w={160} key={form.key(`figures.${index}.value`)} {...form.getInputProps(`figures.${index}.value`)} />
            <TextInput label={`Figure ${index + 1} label`} placeholder="Members" style={{ flex: '1 1 220px' }} key={form.key(`figures.${index}.label`)} {...form.getInputProps(`figures.${index}.label`)} />
            <ActionIcon variant="subtle" color="red.9" mt={28} aria-label={`Remove figure ${index + 1}`} disabled={figures.length <= 1} onClick={() => form.removeListItem('figures', index)}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="light" w="fit-content" leftSection={<IconPlus size={16} aria-hidden />} disabled={figures.length >= MAX_FIGURES} onClick={() => form.insertListItem('figures', { label: '', value: '' })}>
          Add figure
        </Button>
        <TextInput label="Community link" description="Shown with a QR code on the landing page; leave empty for none." key={form.key('community_url')} {...form.getInputProps('community_url')} />
        <TextInput label="Community name" key={form.key('community_name')} {...form.getInputProps('community_name')} />
        <SaveBar isPending={save.isPending} saved={saved} error={save.error} />
      </Stack>
    </form>
  );
}

/** The public landing page's marketing figures: editable content, labelled on the page as not live data. */
export function LandingFiguresEditor() {
  const landing = useLandingContent();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3">
        Public landing: marketing figures
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Figures the MYEAI team chooses for the public landing page. They are marketing content, not live data, and the page says so.
      </Text>
      {landing.isPending ? (
        <Skeleton h={200} />
      ) : landing.isError ? (
        <Alert color="red" title="Failed to load content" role="alert">
          <Group gap="sm">
            <Text size="sm">{landing.error.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void landing.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      ) : (
        <FiguresForm content={landing.data} />
      )}
    </Card>
  );
}
