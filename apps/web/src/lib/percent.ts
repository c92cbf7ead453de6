/**
 * A percentage as the API sends it (0-100, one decimal): 46 -> "46.0%", 46.55 -> "46.6%"; null (not
 * measured yet) -> "—". `wholeWithoutDecimal` writes a whole number bare: 25 -> "25%", 33.3 -> "33.3%".
 */
export function formatPercent(value: number | null, options: { wholeWithoutDecimal?: boolean } = {}): string {
  if (value === null) return '—';
  return `${options.wholeWithoutDecimal && Number.isInteger(value) ? value : value.toFixed(1)}%`;
}
