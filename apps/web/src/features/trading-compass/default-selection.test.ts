import { describe, expect, test } from 'vitest';
import type { GridCell, SentimentGrid } from '@myeai/domain';
import { defaultSelection } from './default-selection.ts';

const open: GridCell = {
  locked: false,
  has_data: false,
  traffic_light: 'grey',
  current_bias: null,
  top_percentage: null,
  long_percentage: 0,
  short_percentage: 0,
  neutral_percentage: 0,
  total_votes: 0,
  result_confirmed_bias: null,
  window_open: false,
  open_votes: null,
  open_pool_size: null,
  confirmed_bias: null,
  last_updated: null,
};
const locked: GridCell = { locked: true };
const timeframes = ['M5', 'M15', 'H1', 'H4'].map((code) => ({ id: code, code, label: code, minutes: 5, premium: code.startsWith('H'), locked: false }));

function gridOf(rows: Record<string, GridCell[]>): SentimentGrid {
  return {
    access: {} as SentimentGrid['access'],
    generated_at: '2026-11-23T12:00:00.000Z',
    assets: Object.keys(rows).map((id) => ({ id, symbol: id, name: id, asset_class: 'forex' as const })),
    timeframes,
    thresholds: { confirmation_percentage: 50, exit_percentage: 47 },
    grid: Object.fromEntries(Object.entries(rows).map(([id, cells]) => [id, Object.fromEntries(cells.map((cell, i) => [timeframes[i]!.id, cell]))])),
  };
}

describe('defaultSelection (spec 3 section 2.1, issue 14 item 10)', () => {
  test('the first asset and the third timeframe when the user may open it', () => {
    expect(defaultSelection(gridOf({ A: [open, open, open, open], B: [open, open, open, open] }))).toEqual({ assetId: 'A', timeframeId: 'H1' });
  });
  test('a preview or a trial before day 3 (premium H1 locked): the first cell they may open', () => {
    expect(defaultSelection(gridOf({ A: [open, open, locked, locked] }))).toEqual({ assetId: 'A', timeframeId: 'M5' });
  });
  test('a first asset outside the pick: the first open cell of the next rows', () => {
    expect(defaultSelection(gridOf({ A: [locked, locked, locked, locked], B: [locked, open, open, open] }))).toEqual({ assetId: 'B', timeframeId: 'M15' });
  });
  test('nothing open: the spec\'s cell, which shows why it is locked', () => {
    expect(defaultSelection(gridOf({ A: [locked, locked, locked, locked] }))).toEqual({ assetId: 'A', timeframeId: 'H1' });
  });
});
