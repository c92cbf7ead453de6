import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import {
  centsToDollarText,
  DEFAULT_LEAD_SOURCE,
  DEFAULT_LEAD_STAGE,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  LEAD_STAGE_LABELS,
  LEAD_STAGES,
  LeadFormSchema,
  type Lead,
  type LeadFormValues,
  type LeadSource,
  type LeadStage,
} from '@myeai/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateLead, useUpdateLead } from '../api/leads-api.ts';
import { fromDateInput, toDateInput } from '../format.ts';

type Field = keyof LeadFormValues;
type FieldErrors = Partial<Record<Field, string>>;
type Values = { [K in Field]: string };

const STAGE_OPTIONS = LEAD_STAGES.map((stage) => ({ value: stage, label: LEAD_STAGE_LABELS[stage] }));
const SOURCE_OPTIONS = LEAD_SOURCES.map((source) => ({ value: source, label: LEAD_SOURCE_LABELS[source] }));

/** API field names to the dialog's fields, for the server's per-field messages. */
const FIELD_OF_PATH: Record<string, Field> = { value_cents: 'value', last_contact_at: 'last_contact_date' };

function initialValues(lead: Lead | null): Values {
  return {
    name: lead?.name ?? '',
    email: lead?.email ?? '',
    phone: lead?.phone ?? '',
    company: lead?.company ?? '',
    notes: lead?.notes ?? '',
    stage: lead?.stage ?? DEFAULT_LEAD_STAGE,
    source: lead?.source ?? DEFAULT_LEAD_SOURCE,
    value: lead && lead.value_cents > 0 ? centsToDollarText(lead.value_cents) : '',
    last_contact_date: toDateInput(lead?.last_contact_at ?? null),
  };
}

type LeadFormModalProps = { opened: boolean; lead: Lead | null; onClose: () => void };

/** Add Lead (lead = null) and Edit Lead: checked with the shared schema, then by the server. */
export function LeadFormModal({ opened, lead, onClose }: LeadFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={lead ? 'Edit Lead' : 'Add Lead'} size="lg" centered>
      {/* Mounted per opening, so the fields start from the lead (or empty) every time. */}
      {opened && <LeadForm lead={lead} onDone={onClose} />}
    </Modal>
  );
}

function LeadForm({ lead, onDone }: { lead: Lead | null; onDone: () => void }) {
  const create = useCreateLead();
  const update = useUpdateLead();
  const [values, setValues] = useState<Values>(() => initialValues(lead));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isSaving = create.isPending || update.isPending;

  // Spec 2 section 5: a field's message clears as soon as the field is edited.
  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const input = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field)(event.currentTarget.value),
  });

  const onServerError = (error: Error) => {
    const fieldErrors: FieldErrors = {};
    if (error instanceof ApiError) {
      for (const detail of error.details ?? []) {
        const field = FIELD_OF_PATH[detail.path] ?? (detail.path in values ? (detail.path as Field) : undefined);
        if (field && !fieldErrors[field]) fieldErrors[field] = detail.message;
      }
    }
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return setFormError(null);
    if (error instanceof ApiError && error.status === 401) return setFormError(lead ? 'Please login to update leads' : 'Please login to add leads');
    const base = lead ? 'Failed to update lead. Please try again.' : 'Failed to add lead. Please try again.';
    setFormError(`${base} ${error.message}`);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = LeadFormSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (!fieldErrors[field]) fieldErrors[field] = issue.message;
      }
      return setErrors(fieldErrors);
    }
    const { value, last_contact_date: lastContact, ...fields } = parsed.data;
    const body = { ...fields, value_cents: value, last_contact_at: fromDateInput(lastContact) };
    const onSuccess = () => {
      notifications.show({ color: 'green', message: lead ? 'Lead updated successfully!' : 'Lead added successfully!' });
      onDone();
    };
    if (lead) update.mutate({ id: lead.id, data: body }, { onSuccess, onError: onServerError });
    else create.mutate(body, { onSuccess, onError: onServerError });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required autoComplete="off" data-autofocus {...input('name')} />
          <TextInput label="Email" required type="email" autoComplete="off" {...input('email')} />
          <TextInput label="Phone" type="tel" autoComplete="off" description="Optional, e.g. +1 555 123 4567" {...input('phone')} />
          <TextInput label="Company" autoComplete="off" {...input('company')} />
          <Select label="Stage" data={STAGE_OPTIONS} value={values.stage} allowDeselect={false} onChange={(value) => value && set('stage')(value as LeadStage)} error={errors.stage} />
          <Select label="Source" data={SOURCE_OPTIONS} value={values.source} allowDeselect={false} onChange={(value) => value && set('source')(value as LeadSource)} error={errors.source} />
          <TextInput label="Value (USD)" inputMode="decimal" placeholder="0" autoComplete="off" {...input('value')} />
          <TextInput label="Last contact" type="date" max={toDateInput(new Date().toISOString())} {...input('last_contact_date')} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} maxRows={6} {...input('notes')} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {lead ? 'Save Changes' : 'Add Lead'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
