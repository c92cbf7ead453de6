import { useQuery } from '@tanstack/react-query';
import { apiPath, financePaths, FinanceLinesResponseSchema, FinanceResponseSchema, type FinanceFigure, type FinancePeriodKind } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const financeKeys = {
  all: ['finance'] as const,
  view: (period: FinancePeriodKind, count: number) => ['finance', 'view', period, count] as const,
  lines: (figure: FinanceFigure, from: string, to: string) => ['finance', 'lines', figure, from, to] as const,
};

export function useFinance(period: FinancePeriodKind, count: number) {
  return useQuery({
    queryKey: financeKeys.view(period, count),
    queryFn: () => apiRequest(`${apiPath(financePaths.view)}?${new URLSearchParams({ period, count: String(count) })}`, { schema: FinanceResponseSchema }),
  });
}

export function useFinanceLines(selection: { figure: FinanceFigure; from: string; to: string } | null) {
  return useQuery({
    queryKey: selection ? financeKeys.lines(selection.figure, selection.from, selection.to) : ['finance', 'lines', 'none'],
    queryFn: () =>
      apiRequest(`${apiPath(financePaths.lines)}?${new URLSearchParams({ figure: selection!.figure, from: selection!.from, to: selection!.to })}`, { schema: FinanceLinesResponseSchema }),
    enabled: selection !== null,
  });
}
