export interface Summary {
  samples: number;
  median: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an ascending array; exact, because every sample is kept. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(values: number[]): Summary {
  const sorted = Float64Array.from(values).sort();
  // Microseconds are the resolution that means anything here; more digits only bloat the JSON.
  return {
    samples: sorted.length,
    median: round(percentile(sorted, 50), 3),
    p95: round(percentile(sorted, 95), 3),
    p99: round(percentile(sorted, 99), 3),
    max: round(sorted.length ? sorted[sorted.length - 1]! : Number.NaN, 3),
  };
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
