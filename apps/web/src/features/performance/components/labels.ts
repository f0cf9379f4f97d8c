import type { ComponentStatus, MetricStatus, PerformanceBand, PerformanceMetric } from '@tt/domain';
import type { ProgressTone } from '../../../components/ui/ProgressBar';
import type { Tone } from '../../../components/ui/Badge';
import { formatCount } from '../../../lib/format';

export const metricTone: Record<MetricStatus, Tone> = {
  excellent: 'green',
  good: 'blue',
  warning: 'yellow',
  critical: 'red',
};

export const componentTone: Record<ComponentStatus, Tone> = {
  operational: 'green',
  degraded: 'yellow',
  down: 'red',
};

/** The score's band as a bar and as a badge: the same colour either way. */
export const bandTone: Record<PerformanceBand, ProgressTone & Tone> = {
  excellent: 'green',
  good: 'blue',
  needs_optimization: 'red',
};

/** A metric's figure with its unit: 12 ms, 0.5 %, 3 s (a millisecond figure under 10 keeps one decimal). */
export function metricFigure(value: number, unit: PerformanceMetric['unit'], language: string): string {
  // One decimal with a point, as the app writes rand amounts; whole figures grouped as every count is.
  const number =
    unit !== 's' && value < 10 && !Number.isInteger(value)
      ? value.toFixed(1)
      : formatCount(Math.round(value), language);
  return unit === '%' ? `${number}%` : `${number} ${unit}`;
}
