import { CloseButton, Group, SegmentedControl, Select, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { LEAD_STAGE_LABELS, LEAD_STAGES, type LeadStage } from '@myeai/domain';
import type { LeadFilters, LeadView } from '../hooks/use-lead-filters.ts';

const STAGE_FILTER_OPTIONS = [{ value: 'all', label: 'All stages' }, ...LEAD_STAGES.map((stage) => ({ value: stage, label: LEAD_STAGE_LABELS[stage] }))];

type LeadToolbarProps = { filters: LeadFilters; onChange: (changes: Partial<LeadFilters>) => void };

/** Search (sent to the server 300 ms after typing stops), stage filter and the table/board switch. */
export function LeadToolbar({ filters, onChange }: LeadToolbarProps) {
  const [text, setText] = useState(filters.q);
  const sendSearch = useDebouncedCallback((q: string) => onChange({ q: q.trim() }), 300);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        aria-label="Search leads"
        placeholder="Search by name, email or company"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          sendSearch(event.currentTarget.value);
        }}
        rightSection={
          text ? (
            <CloseButton
              aria-label="Clear search"
              onClick={() => {
                setText('');
                onChange({ q: '' });
              }}
            />
          ) : undefined
        }
        style={{ flex: '1 1 260px' }}
        maxLength={100}
      />
      <Select
        aria-label="Filter by stage"
        data={STAGE_FILTER_OPTIONS}
        value={filters.stage ?? 'all'}
        onChange={(value) => onChange({ stage: value && value !== 'all' ? (value as LeadStage) : undefined })}
        allowDeselect={false}
        w={170}
      />
      <div>
        <VisuallyHidden id="lead-view-label">View</VisuallyHidden>
        <SegmentedControl
          aria-labelledby="lead-view-label"
          value={filters.view}
          onChange={(value) => onChange({ view: value as LeadView })}
          data={[
            { value: 'table', label: 'Table' },
            { value: 'board', label: 'Board' },
          ]}
        />
      </div>
    </Group>
  );
}
