import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatDate } from '../../../lib/format.ts';
import type { AlignedTrends, TopicFigures } from '../analytics-figures.ts';

/*
 * The analytics page's charts (MUI X Charts), in a module of their own that the page loads lazily, so the
 * charts library never weighs on other pages. Each chart sits beside a table or summary with the same data.
 */

/** Distinct line colours (dark enough on white); more series than colours reuse them in order. */
const SERIES_COLOURS = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#4e342e'];

/** Scores over time, one line per exam or topic; a line joins its own points across the others' dates. */
export function TrendChart({ trends, height = 260 }: { trends: AlignedTrends; height?: number }) {
  return (
    <LineChart
      height={height}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'center' } } }}
      xAxis={[
        {
          scaleType: 'time',
          data: trends.times,
          valueFormatter: (value: Date) => formatDate(value),
          tickNumber: 4,
          tickLabelStyle: { fontSize: 11 },
        },
      ]}
      yAxis={[{ min: 0, max: 100, label: 'Score (%)', width: 56 }]}
      series={trends.series.map((series, index) => ({
        id: series.id,
        data: series.data,
        label: series.label,
        connectNulls: true,
        showMark: true,
        curve: 'linear' as const,
        valueFormatter: (value: number | null) => (value === null ? null : `${value}%`),
        color: SERIES_COLOURS[index % SERIES_COLOURS.length],
      }))}
      margin={{ top: 16, right: 16, bottom: 8, left: 8 }}
    />
  );
}

/** % correct by topic, one horizontal bar each, weakest first. */
export function TopicBarChart({ topics }: { topics: readonly TopicFigures[] }) {
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(140, 44 * topics.length + 60)}
      yAxis={[
        {
          scaleType: 'band',
          data: topics.map((topic) => topic.topic),
          width: 110,
          tickLabelStyle: { fontSize: 12 },
        },
      ]}
      xAxis={[{ min: 0, max: 100, label: '% correct' }]}
      series={[
        {
          data: topics.map((topic) => topic.percentCorrect),
          label: '% correct',
          color: '#1565c0',
          valueFormatter: (value: number | null) => (value === null ? null : `${value}%`),
        },
      ]}
      hideLegend
      margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
    />
  );
}
