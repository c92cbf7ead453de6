import { SegmentedControl } from '@mantine/core';
import { COMMISSION_STATUS_FILTERS, type CommissionStatusFilter } from '@myeai/domain';

const LABELS: Record<CommissionStatusFilter, string> = { all: 'All', paid: 'Paid', processing: 'Processing', pending: 'Pending', withheld: 'Withheld' };

export function isStatusFilter(value: string | null): value is CommissionStatusFilter {
  return COMMISSION_STATUS_FILTERS.some((filter) => filter === value);
}

export function StatusFilter({ value, onChange, label }: { value: CommissionStatusFilter; onChange: (value: CommissionStatusFilter) => void; label: string }) {
  return (
    <SegmentedControl
      aria-label={label}
      value={value}
      onChange={(next) => isStatusFilter(next) && onChange(next)}
      data={COMMISSION_STATUS_FILTERS.map((filter) => ({ value: filter, label: LABELS[filter] }))}
    />
  );
}
