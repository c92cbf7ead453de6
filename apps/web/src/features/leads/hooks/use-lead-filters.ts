import { useSearchParams } from 'react-router';
import { LEAD_SORTS, LEAD_STAGES, type LeadSort, type LeadStage } from '@myeai/domain';

export type LeadView = 'table' | 'board';

export type LeadFilters = {
  q: string;
  stage: LeadStage | undefined;
  sort: LeadSort;
  dir: 'asc' | 'desc';
  page: number;
  view: LeadView;
};

const isStage = (value: string | null): value is LeadStage => LEAD_STAGES.some((stage) => stage === value);
const isSort = (value: string | null): value is LeadSort => LEAD_SORTS.some((sort) => sort === value);

/**
 * The hub's search, stage filter, sort, page and view live in the address (?q=&stage=...), so
 * a reload or a shared link shows the same list; the server does the searching and sorting.
 */
export function useLeadFilters(): [LeadFilters, (changes: Partial<LeadFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const stage = params.get('stage');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const filters: LeadFilters = {
    q: params.get('q') ?? '',
    stage: isStage(stage) ? stage : undefined,
    sort: isSort(sort) ? sort : 'created_at',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    view: params.get('view') === 'board' ? 'board' : 'table',
  };

  const update = (changes: Partial<LeadFilters>) => {
    const next = { ...filters, ...changes };
    // A new search, filter or sort starts again at page 1.
    if (!('page' in changes) && ('q' in changes || 'stage' in changes || 'sort' in changes || 'dir' in changes)) next.page = 1;
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.stage) query.set('stage', next.stage);
    if (next.sort !== 'created_at') query.set('sort', next.sort);
    if (next.dir !== 'desc') query.set('dir', next.dir);
    if (next.page !== 1) query.set('page', String(next.page));
    if (next.view !== 'table') query.set('view', next.view);
    setParams(query, { replace: true });
  };

  return [filters, update];
}
