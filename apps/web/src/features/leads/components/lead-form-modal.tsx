import { Modal, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
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
} from '@myeai/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useCreateLead, useUpdateLead } from '../api/leads-api.ts';
import { fromDateInput, toDateInput } from '../format.ts';
import { FormFrame } from '../../../components/ui/form-frame.tsx';


const STAGE_OPTIONS = LEAD_STAGES.map((stage) => ({ value: stage, label: LEAD_STAGE_LABELS[stage] }));
const sourceOption = (source: LeadSource) => ({ value: source, label: LEAD_SOURCE_LABELS[source] });
/** "CSV import" is what an import records, not a source to pick by hand; an imported lead being edited keeps it. */
const sourceOptions = (lead: Lead | null) => LEAD_SOURCES.filter((source) => source !== 'csv_import' || lead?.source === 'csv_import').map(sourceOption);

/** API field names to the dialog's fields, for the server's per-field messages. */
const FIELD_OF_PATH: Record<string, keyof LeadFormValues> = { value_cents: 'value', last_contact_at: 'last_contact_date' };

function initialValues(lead: Lead | null): LeadFormValues {
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
  const form = useDomainForm(LeadFormSchema, initialValues(lead), { fieldOfPath: FIELD_OF_PATH });
  const [formError, setFormError] = useState<string | null>(null);
  const isSaving = create.isPending || update.isPending;

  const onServerError = (error: Error) => {
    if (form.setServerErrors(error)) return setFormError(null);
    if (error instanceof ApiError && error.status === 401) return setFormError(lead ? 'Please login to update leads' : 'Please login to add leads');
    const base = lead ? 'Failed to update lead. Please try again.' : 'Failed to add lead. Please try again.';
    setFormError(`${base} ${error.message}`);
  };

  const onSubmit = form.onSubmit(
    ({ value, last_contact_date: lastContact, ...fields }) => {
      setFormError(null);
      const body = { ...fields, value_cents: value, last_contact_at: fromDateInput(lastContact) };
      const onSuccess = () => {
        notifications.show({ color: 'green', message: lead ? 'Lead updated successfully!' : 'Lead added successfully!' });
        onDone();
      };
      if (lead) update.mutate({ id: lead.id, data: body }, { onSuccess, onError: onServerError });
      else create.mutate(body, { onSuccess, onError: onServerError });
    },
    () => setFormError(null),
  );

  return (
    <FormFrame onSubmit={onSubmit} formError={formError} saving={isSaving} submitLabel={lead ? 'Save Changes' : 'Add Lead'} onCancel={onDone}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" required type="email" autoComplete="off" {...form.getInputProps('email')} />
        <TextInput label="Phone" type="tel" autoComplete="off" description="Optional, e.g. +1 555 123 4567" {...form.getInputProps('phone')} />
        <TextInput label="Company" autoComplete="off" {...form.getInputProps('company')} />
        <Select label="Stage" data={STAGE_OPTIONS} allowDeselect={false} {...form.getInputProps('stage')} />
        <Select label="Source" data={sourceOptions(lead)} allowDeselect={false} {...form.getInputProps('source')} />
        <TextInput label="Value (USD)" inputMode="decimal" placeholder="0" autoComplete="off" {...form.getInputProps('value')} />
        <TextInput label="Last contact" type="date" max={toDateInput(new Date().toISOString())} {...form.getInputProps('last_contact_date')} />
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
    </FormFrame>
  );
}
