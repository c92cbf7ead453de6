import type { DbOrTx } from '@myeai/db';
import {
  AppError,
  CellPayoutConfigSchema,
  REVENUE_BATCH_LINE_STATUSES,
  readRevenueCsv,
  DEFAULT_CELL_PAYOUT_CONFIG,
  computeCellPayout,
  processRevenueMessage,
  EMPTY_CELL_REVENUE_MESSAGE,
  type CalculationResult,
  type CellPayoutConfig,
  type CellPayoutResult,
  type ProcessRevenueBatchResponse,
  type ProcessRevenueRequest,
  type RevenueBatchLine,
  type ProcessRevenueResponse,
  type UplineCell,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { recordAudits } from '../audit/index.ts';
import { createCommissions } from '../commissions/index.ts';
import {
  insertRunsOnce,
  lockCells,
  selectRunsByReferences,
  selectSeatsOfCells,
  selectCell,
  selectCellSeats,
  selectCommissionConfig,
  selectRunByReference,
  selectUplineCells,
  type CommissionCellRow,
  type RevenueRunRow,
} from './commission-cells.queries.ts';

const ROLE_LABEL = { LEAD: 'Lead', SENIOR: 'Senior', REGULAR: 'Regular' } as const;

/** The stored configuration, or the defaults of DESIGN.md section 4 before an admin saved one. */
async function loadConfig(db: DbOrTx): Promise<{ engineEnabled: boolean; payout: CellPayoutConfig }> {
  const row = await selectCommissionConfig(db);
  if (!row) return { engineEnabled: true, payout: DEFAULT_CELL_PAYOUT_CONFIG };
  return { engineEnabled: row.engineEnabled, payout: CellPayoutConfigSchema.parse(row.payout) };
}

function toCalculationResult(cellId: string, config: CellPayoutConfig, split: CellPayoutResult): CalculationResult {
  const payouts = split.payouts.map((payout) =>
    payout.kind === 'seat'
      ? { user_id: payout.user_id, amount_cents: payout.amount_cents, kind: 'seat' as const, seat_position: payout.seat_position, seat_role: payout.seat_role, override_level: null, from_cell_id: null }
      : { user_id: payout.user_id, amount_cents: payout.amount_cents, kind: 'override' as const, seat_position: null, seat_role: null, override_level: payout.override_level, from_cell_id: payout.from_cell_id },
  );
  const unallocated = split.unallocated_parts.map((part) =>
    part.kind === 'seat'
      ? { amount_cents: part.amount_cents, kind: 'seat' as const, seat_position: part.seat_position, seat_role: part.seat_role, override_level: null, from_cell_id: null, reason: 'empty_seat' as const }
      : { amount_cents: part.amount_cents, kind: 'override' as const, seat_position: null, seat_role: null, override_level: part.override_level, from_cell_id: part.from_cell_id, reason: 'no_upline_lead' as const },
  );
  return {
    cell_id: cellId,
    revenue_cents: split.revenue_cents,
    payouts,
    payouts_count: payouts.length,
    paid_cents: payouts.reduce((sum, payout) => sum + payout.amount_cents, 0),
    unallocated_cents: split.unallocated_cents,
    unallocated,
    config,
  };
}

/** The split of `amount` on the cell as it stands, with the configuration that made it. */
async function calculate(db: DbOrTx, cell: CommissionCellRow, amountCents: number, config: CellPayoutConfig): Promise<CalculationResult> {
  const [seats, upline] = await Promise.all([selectCellSeats(db, cell.id), selectUplineCells(db, cell.id, config.override_levels_bp.length)]);
  return toCalculationResult(cell.id, config, computeCellPayout({ revenue_cents: amountCents, seats, upline, config }));
}

/** A reference seen before: the first run's answer, or 409 when this request is not the same revenue. */
function replay(run: RevenueRunRow, body: ProcessRevenueRequest): ProcessRevenueResponse {
  if (run.cellId !== body.cell_id || run.amountCents !== body.amount_cents) {
    throw new AppError('CONFLICT', 'This source reference was already used for a different amount or cell. Use a new reference for new revenue.');
  }
  return { status: 'already_processed', message: processRevenueMessage('already_processed', run.result.payouts_count), run_id: run.id, calculation_result: run.result };
}

function refuseUnavailableCell(cell: CommissionCellRow): void {
  if (cell.status === 'locked') throw new AppError('CONFLICT', 'This cell is locked. Unlock it before processing revenue.');
  if (cell.status === 'processing') throw new AppError('CONFLICT', 'This cell is processing another revenue run. Please try again in a moment.');
  if (cell.status === 'archived') throw new AppError('CONFLICT', 'This cell is archived; revenue cannot be processed on it.');
}

function ledgerLineName(cellName: string, payout: CalculationResult['payouts'][number]): string {
  return payout.kind === 'seat' ? `${cellName}: ${ROLE_LABEL[payout.seat_role!]} seat` : `${cellName}: override level ${payout.override_level}`;
}

/** The line's rate in basis points of R when it is a whole number (a snapshot for the ledger). */
function lineRateBp(config: CellPayoutConfig, payout: CalculationResult['payouts'][number]): number | null {
  if (payout.kind === 'override') return config.override_levels_bp[payout.override_level! - 1] ?? null;
  const share = payout.seat_role === 'LEAD' ? config.lead_share_bp : payout.seat_role === 'SENIOR' ? config.senior_share_bp : config.regular_share_bp;
  const rate = ((10_000 - config.override_pool_bp) * share) / 10_000;
  return Number.isInteger(rate) ? rate : null;
}

/**
 * Processes revenue on a cell (spec 3 section 7, DESIGN.md section 4). A dry run ("Test $1000",
 * decision 24) answers what the real call would (the same refusals, the same split) and writes nothing. A real run is one transaction: the run
 * with its configuration and result, every payout as a pending ledger line explained by its seat or
 * override level (its owner notified live), and the audit entry. The same source_reference_id
 * returns the first run's answer, also when two requests race (the second waits on the unique index).
 */
export async function processRevenue(db: DbOrTx, clock: Clock, actorId: string, body: ProcessRevenueRequest): Promise<ProcessRevenueResponse> {
  if (body.dry_run) return previewRevenueLine(db, body, { refuseEmptyCell: true });
  const [line] = await db.transaction((tx) => processRuns(tx, clock, actorId, [body]));
  if ('error' in line!) throw line.error;
  return line!.answer;
}

type LineAnswer = { answer: ProcessRevenueResponse } | { error: AppError };

function answerOf(run: () => ProcessRevenueResponse): LineAnswer {
  try {
    return { answer: run() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { error };
  }
}

/**
 * Real runs of revenue lines in the caller's transaction, set-based (decision 039, issue 19): the
 * lines' cells locked up front in id order (runs and chunks on one cell go one at a time, and two
 * batches never deadlock), their earlier runs, seats, upline and the configuration read once; each
 * line checked before anything is written (a replay, an unknown, locked or processing cell, the
 * engine off: that line's answer or refusal, the others unaffected); then one INSERT of the runs
 * (a reference a concurrent request holds waits for it and then answers its run), one
 * createCommissions for every payout (one INSERT of ledger lines; one notification, live event and
 * mail per owner of the chunk, summing their payouts) and one INSERT of the audit rows. Answers per input, in order.
 */
async function processRuns(tx: DbOrTx, clock: Clock, actorId: string, inputs: readonly ProcessRevenueRequest[]): Promise<LineAnswer[]> {
  const cells = new Map((await lockCells(tx, [...new Set(inputs.map((input) => input.cell_id))].sort())).map((cell) => [cell.id, cell]));
  const earlier = new Map((await selectRunsByReferences(tx, inputs.map((input) => input.source_reference_id!))).map((run) => [run.sourceReferenceId, run]));
  const { engineEnabled, payout: config } = await loadConfig(tx);
  const usable = [...cells.values()];
  const seatRows = await selectSeatsOfCells(tx, usable.map((cell) => cell.id));
  const uplines = new Map<string, UplineCell[]>();
  for (const cell of usable) uplines.set(cell.id, await selectUplineCells(tx, cell.id, config.override_levels_bp.length));
  const seatsOf = (cellId: string) => seatRows.filter((seat) => seat.cell_id === cellId).map((seat) => ({ position: seat.position, user_id: seat.user_id }));

  type Plan = { index: number; input: ProcessRevenueRequest; cell: CommissionCellRow; result: CalculationResult };
  const answers: Array<LineAnswer | undefined> = [];
  const plans: Plan[] = [];
  inputs.forEach((input, index) => {
    const first = earlier.get(input.source_reference_id!);
    if (first) return void (answers[index] = answerOf(() => replay(first, input)));
    const cell = cells.get(input.cell_id);
    answers[index] = answerOf(() => {
      if (!cell) throw new AppError('NOT_FOUND', 'Commission cell not found.');
      refuseUnavailableCell(cell);
      if (!engineEnabled) throw new AppError('CONFLICT', 'The commission engine is disabled. Enable it in the commission configuration to process revenue.');
      if (!input.book_unallocated && seatsOf(cell.id).length === 0) throw new AppError('CONFLICT', EMPTY_CELL_REVENUE_MESSAGE);
      const result = toCalculationResult(cell.id, config, computeCellPayout({ revenue_cents: input.amount_cents, seats: seatsOf(cell.id), upline: uplines.get(cell.id) ?? [], config }));
      plans.push({ index, input, cell, result });
      return { status: 'processed', message: processRevenueMessage('processed', result.payouts_count), run_id: null, calculation_result: result };
    });
  });

  const now = clock.now();
  const runs = new Map(
    (
      await insertRunsOnce(
        tx,
        plans.map(({ input, cell, result }) => ({
          cellId: cell.id,
          sourceReferenceId: input.source_reference_id!,
          amountCents: input.amount_cents,
          source: input.source,
          description: input.description,
          paidCents: result.paid_cents,
          unallocatedCents: result.unallocated_cents,
          config,
          result,
          createdBy: actorId,
          createdAt: now,
          paymentId: input.payment_id ?? null,
        })),
      )
    ).map((run) => [run.sourceReferenceId, run]),
  );
  const raced = plans.filter((plan) => !runs.has(plan.input.source_reference_id!));
  const racedRuns = new Map((await selectRunsByReferences(tx, raced.map((plan) => plan.input.source_reference_id!))).map((run) => [run.sourceReferenceId, run]));
  for (const plan of raced) {
    const first = racedRuns.get(plan.input.source_reference_id!);
    answers[plan.index] = first ? answerOf(() => replay(first, plan.input)) : { error: new AppError('CONFLICT', 'This revenue is being processed. Please try again.') };
  }
  const written = plans.flatMap((plan) => {
    const run = runs.get(plan.input.source_reference_id!);
    return run ? [{ ...plan, run }] : [];
  });
  await createCommissions(
    tx,
    clock,
    written.flatMap(({ cell, result, run, input }) =>
      result.payouts.map((payout) => ({
        userId: payout.user_id,
        productId: null,
        productName: ledgerLineName(cell.name, payout),
        source: 'cell' as const,
        sourceReference: payout.kind === 'seat' ? `${run.id}:seat:${payout.seat_position}` : `${run.id}:override:${payout.override_level}`,
        amountCents: payout.amount_cents,
        rateBp: lineRateBp(config, payout),
        cell: { runId: run.id, seatPosition: payout.seat_position, overrideLevel: payout.override_level },
        paymentId: input.payment_id ?? null,
      })),
    ),
    // One notification per owner per chunk (a single run is a chunk of one line), decision 039.
    { notify: 'per_owner' },
  );
  await recordAudits(
    tx,
    clock,
    written.map(({ input, cell, result, run }) => ({
      actorId,
      action: 'commission.revenue_processed',
      target: cell.id,
      details: {
        run_id: run.id,
        source_reference_id: run.sourceReferenceId,
        source: input.source,
        amount_cents: input.amount_cents,
        paid_cents: result.paid_cents,
        unallocated_cents: result.unallocated_cents,
        payouts_count: result.payouts_count,
      },
    })),
  );
  for (const { index, result, run } of written) {
    answers[index] = { answer: { status: 'processed', message: processRevenueMessage('processed', result.payouts_count), run_id: run.id, calculation_result: result } };
  }
  return answers.map((answer) => answer!);
}

/**
 * What a real run would answer, without writing: a dry run ("Test $1000") and the preview of a
 * revenue file. The same checks in the same order as processRuns: a reference used before answers
 * its first run or the 409 of a different amount or cell, then the cell's status and the engine.
 * Only "Test $1000" refuses a cell without members (spec 3 section 5); a real run on one records
 * the whole revenue as unallocated.
 */
async function previewRevenueLine(db: DbOrTx, body: ProcessRevenueRequest, options: { refuseEmptyCell: boolean } = { refuseEmptyCell: false }): Promise<ProcessRevenueResponse> {
  const earlier = body.source_reference_id === undefined ? undefined : await selectRunByReference(db, body.source_reference_id);
  if (earlier) return replay(earlier, body);
  const cell = await selectCell(db, body.cell_id);
  if (!cell) throw new AppError('NOT_FOUND', 'Commission cell not found.');
  refuseUnavailableCell(cell);
  const { engineEnabled, payout } = await loadConfig(db);
  if (!engineEnabled) throw new AppError('CONFLICT', 'The commission engine is disabled. Enable it in the commission configuration to process revenue.');
  const empty = (await selectCellSeats(db, cell.id)).length === 0;
  if (options.refuseEmptyCell && empty) throw new AppError('VALIDATION', 'Commission test revenue needs a cell with at least one member.');
  // The preview of a file says what the real run would: refused without the confirmation (decision 066).
  if (!options.refuseEmptyCell && empty && !body.book_unallocated) throw new AppError('CONFLICT', EMPTY_CELL_REVENUE_MESSAGE);
  const result = await calculate(db, cell, body.amount_cents, payout);
  return { status: 'dry_run', message: processRevenueMessage('dry_run', result.payouts_count), run_id: null, calculation_result: result };
}

/** Lines of a batch written per transaction: one commit per chunk instead of one per line. */
const BATCH_CHUNK_LINES = 500;

type ReadLine = Extract<ReturnType<typeof readRevenueCsv>, { ok: true }>['lines'][number];

/** The lines of one chunk in one transaction, set-based (processRuns): a refused line is reported, the others commit together. */
async function processChunk(db: DbOrTx, clock: Clock, actorId: string, inputs: readonly ProcessRevenueRequest[]): Promise<LineAnswer[]> {
  return db.transaction((tx) => processRuns(tx, clock, actorId, inputs));
}

/**
 * A file of revenue lines: previewed (dry_run) or processed in chunks of BATCH_CHUNK_LINES lines,
 * each chunk one transaction (every line checked before anything is written), so a batch cut short (a crash) is simply
 * submitted again: lines already processed answer their first run and pay nothing twice.
 */
export async function processRevenueBatch(
  db: DbOrTx,
  clock: Clock,
  actorId: string,
  csv: string,
  dryRun: boolean,
  options: { bookUnallocated?: boolean } = {},
): Promise<ProcessRevenueBatchResponse> {
  const read = readRevenueCsv(csv);
  if (!read.ok) throw new AppError('VALIDATION', read.message);
  if (options.bookUnallocated) for (const line of read.lines) if (line.ok) line.input.book_unallocated = true;
  const valid = read.lines.filter((line): line is Extract<ReadLine, { ok: true }> => line.ok);
  const answers = new Map<ReadLine, LineAnswer>();
  if (!dryRun) {
    for (let start = 0; start < valid.length; start += BATCH_CHUNK_LINES) {
      const chunk = valid.slice(start, start + BATCH_CHUNK_LINES);
      const chunkAnswers = await processChunk(db, clock, actorId, chunk.map((line) => line.input));
      chunk.forEach((line, i) => answers.set(line, chunkAnswers[i]!));
    }
  }
  const lines: RevenueBatchLine[] = [];
  for (const line of read.lines) {
    const empty = { run_id: null, amount_cents: null, payouts_count: null, paid_cents: null, unallocated_cents: null };
    if (!line.ok) {
      lines.push({ row: line.row, reference: line.reference, status: 'error', message: line.message, ...empty });
      continue;
    }
    try {
      const processed = answers.get(line);
      if (processed && 'error' in processed) throw processed.error;
      const answer = processed ? processed.answer : await previewRevenueLine(db, line.input);
      const result = answer.calculation_result;
      lines.push({
        row: line.row,
        reference: line.input.source_reference_id!,
        status: answer.status,
        message: answer.message,
        run_id: answer.run_id,
        amount_cents: result.revenue_cents,
        payouts_count: result.payouts_count,
        paid_cents: result.paid_cents,
        unallocated_cents: result.unallocated_cents,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      lines.push({ row: line.row, reference: line.input.source_reference_id!, status: 'error', message: error.message, ...empty, amount_cents: line.input.amount_cents });
    }
  }
  const counts = Object.fromEntries(REVENUE_BATCH_LINE_STATUSES.map((status) => [status, lines.filter((line) => line.status === status).length])) as ProcessRevenueBatchResponse['counts'];
  return { dry_run: dryRun, lines, counts };
}
