import { useQuery } from '@tanstack/react-query';
import { apiPath, PayoutPeriodStatementSchema, payoutsPaths } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { payoutKeys } from '../../commissions/index.ts';

/** Decision 063: the payee's statement of a period (UTC days, both included). */
export function usePeriodStatement(period: { from: string; to: string } | null) {
  return useQuery({
    queryKey: [...payoutKeys.all, 'statement', period?.from, period?.to] as const,
    queryFn: () => apiRequest(`${apiPath(payoutsPaths.statement)}?from=${period!.from}&to=${period!.to}`, { schema: PayoutPeriodStatementSchema }),
    enabled: period !== null,
  });
}

/** The same statement as CSV: a plain link the browser downloads (the server names the file). */
export function statementCsvHref(period: { from: string; to: string }): string {
  return `${apiPath(payoutsPaths.statementCsv)}?from=${period.from}&to=${period.to}`;
}

/** The printable page of a period, as a link from the Payouts tab or /earnings. */
export function statementPageHref(period?: { from: string; to: string }): string {
  return period ? `/payouts/statement?from=${period.from}&to=${period.to}` : '/payouts/statement';
}
