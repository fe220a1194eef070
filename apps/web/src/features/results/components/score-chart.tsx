import { LineChart } from '@mui/x-charts/LineChart';
import { formatDate } from '../../../lib/format.ts';
import { scoreSeries, type ScorePoint } from '../score.ts';

/** Distinct line colours (dark enough on white); more exams than colours reuse them in order. */
const SERIES_COLOURS = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#4e342e'];

/**
 * The scores line chart, oldest → newest. Loaded lazily (React.lazy) so the charts library only loads
 * on the history page; the page also gives screen readers a text summary of the same data.
 */
export default function ScoreChart({ points }: { points: readonly ScorePoint[] }) {
  const series = scoreSeries(points);
  return (
    <LineChart
      height={260}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'center' } } }}
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
      // One line per exam, with a legend naming each; an exam's points join across other exams' attempts.
      series={series.map((exam, index) => ({
        id: exam.examId,
        data: exam.data,
        label: exam.title,
        connectNulls: true,
        valueFormatter: (value: number | null) => (value === null ? null : `${value}%`),
        showMark: true,
        curve: 'linear' as const,
        color: SERIES_COLOURS[index % SERIES_COLOURS.length],
      }))}
      margin={{ top: 16, right: 16, bottom: 8, left: 8 }}
    />
  );
}
