import { describe, expect, it } from 'vitest';
import {
  conversionRate,
  formatAxis,
  formatDuration,
  formatFigure,
  formatPointLabel,
  NO_VALUE,
} from './figure-format.ts';

describe('formatFigure', () => {
  it('shows counts grouped by thousands', () => {
    expect(formatFigure(0, 'count')).toBe('0');
    expect(formatFigure(12345, 'count')).toBe('12,345');
  });

  it('shows cents as dollars with the shared money formatter', () => {
    expect(formatFigure(13260375, 'cents')).toBe('$132,603.75');
    expect(formatFigure(-5, 'cents')).toBe('-$0.05');
    expect(formatFigure(0, 'cents')).toBe('$0.00');
  });

  it('shows an average talk time as a duration', () => {
    expect(formatFigure(42, 'seconds')).toBe('42s');
    expect(formatFigure(65, 'seconds')).toBe('1m 05s');
    expect(formatFigure(3725, 'seconds')).toBe('1h 02m');
    expect(formatFigure(89.6, 'seconds')).toBe('1m 30s');
  });

  it('shows a rate with one decimal', () => {
    expect(formatFigure(87.5, 'percent')).toBe('87.5%');
    expect(formatFigure(100, 'percent')).toBe('100.0%');
  });

  it('shows a dash when there is nothing to rate', () => {
    expect(formatFigure(null, 'percent')).toBe(NO_VALUE);
    expect(formatFigure(null, 'seconds')).toBe(NO_VALUE);
    expect(formatFigure(Number.NaN, 'count')).toBe(NO_VALUE);
  });
});

describe('formatDuration', () => {
  it('never shows a negative time', () => {
    expect(formatDuration(-3)).toBe('0s');
  });
});

describe('formatAxis', () => {
  it('abbreviates money and counts for chart ticks', () => {
    expect(formatAxis(1_234_500, 'cents')).toBe('$12.3k');
    expect(formatAxis(250_000_000, 'cents')).toBe('$2.5M');
    expect(formatAxis(9_900, 'cents')).toBe('$99');
    expect(formatAxis(1500, 'count')).toBe('1.5k');
    expect(formatAxis(123_000, 'count')).toBe('123k');
    expect(formatAxis(12, 'count')).toBe('12');
    expect(formatAxis(42.4, 'percent')).toBe('42%');
  });
});

describe('conversionRate', () => {
  it('is the share of the step before, one decimal', () => {
    expect(conversionRate(21, 50)).toBe(42);
    expect(conversionRate(1, 3)).toBe(33.3);
  });

  it('is null when the step before is empty or unknown', () => {
    expect(conversionRate(0, 0)).toBeNull();
    expect(conversionRate(null, 3)).toBeNull();
  });
});

describe('formatPointLabel', () => {
  it('shortens months and days, leaves names and hours alone', () => {
    expect(formatPointLabel('2025-12')).toBe('Dec 25');
    expect(formatPointLabel('2026-11-28')).toBe('Sat 11/28');
    expect(formatPointLabel('09')).toBe('09');
    expect(formatPointLabel('Main Office')).toBe('Main Office');
  });
});
