import { Loader, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { LEAD_STAGE_LABELS, LEAD_STAGES, type Lead, type LeadStage } from '@myeai/domain';
import { useChangeLeadStage } from '../api/leads-api.ts';
import { StageDot } from './stage-badge.tsx';

const STAGE_OPTIONS = LEAD_STAGES.map((stage) => ({ value: stage, label: LEAD_STAGE_LABELS[stage] }));
const isStage = (value: string | null): value is LeadStage => LEAD_STAGES.some((stage) => stage === value);

/** Toast for a stage change the server refused or never received (the old stage comes back). */
export function showStageError(error: Error) {
  notifications.show({ color: 'red', title: 'Failed to update lead. Please try again.', message: error.message });
}

/**
 * The stage badge of a table row, changeable in place. The new stage shows while the server
 * saves it and goes back to the old one if the change fails.
 */
export function StageSelect({ lead }: { lead: Lead }) {
  const change = useChangeLeadStage();
  const [pending, setPending] = useState<LeadStage | null>(null);
  const shown = pending ?? lead.stage;

  const onChange = (value: string | null) => {
    if (!isStage(value) || value === lead.stage) return;
    setPending(value);
    change.mutate(
      { id: lead.id, stage: value },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `${lead.name} moved to ${LEAD_STAGE_LABELS[value]}` }),
        onError: showStageError,
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Select
      aria-label={`Stage of ${lead.name}`}
      data={STAGE_OPTIONS}
      value={shown}
      onChange={onChange}
      allowDeselect={false}
      size="xs"
      w={140}
      leftSection={<StageDot stage={shown} />}
      rightSection={change.isPending ? <Loader size={12} aria-label="Saving" /> : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
