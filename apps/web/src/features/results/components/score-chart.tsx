import { LineChart } from '@mui/x-charts/LineChart';
import { formatDate } from '../../../lib/format.ts';
import type { ScorePoint } from '../score.ts';

/**
 * The scores line chart, oldest → newest. Loaded lazily (React.lazy) so the charts library only loads
 * on the history page; the page also gives screen readers a text summary of the same data.
 */
export default function ScoreChart({ points }: { points: readonly ScorePoint[] }) {
  return (
    <LineChart
      height={260}
      hideLegend
      xAxis={[
        {
          scaleType: 'point',
          data: points.map((point) => point.label),
          valueFormatter: (value: string, context) => {
            const point = points[Number(value) - 1];
            if (!point) return value;
            return context.location === 'tooltip'
              ? `${point.title} · ${formatDate(point.completedAt)}`
              : value;
          },
          label: 'Attempt (oldest to newest)',
        },
      ]}
      yAxis={[{ min: 0, max: 100, label: 'Score (%)', width: 56 }]}
      series={[
        {
          data: points.map((point) => point.score),
          label: 'Score',
          valueFormatter: (value) => (value === null ? '' : `${value}%`),
          showMark: true,
          curve: 'linear',
          color: '#1565c0',
        },
      ]}
      margin={{ top: 16, right: 16, bottom: 8, left: 8 }}
    />
  );
}
