import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatDate } from '../../../lib/format.ts';
import type { AlignedTrends, TopicFigures } from '../analytics-figures.ts';
import { NAME_WRAP } from './figures-table.tsx';

/*
 * The analytics page's charts (MUI X Charts), in a module of their own that the page loads lazily, so the
 * charts library never weighs on other pages. Each chart sits beside a table or summary with the same data.
 */

/** Distinct line colours (dark enough on white); more series than colours reuse them in order. */
const SERIES_COLOURS = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#4e342e'];

/**
 * The legend's names (exams, topics) wrap between words, not anywhere (the page's rule, which squeezes
 * them into the middle of a word). The legend and its items may still shrink to the chart's width, so a
 * name longer than a whole line breaks there instead of widening the chart and the page.
 */
const LEGEND_SX = {
  ...NAME_WRAP,
  minWidth: 0,
  maxWidth: '100%',
  '& li, & .MuiChartsLegend-series, & .MuiChartsLegend-label': { minWidth: 0 },
} as const;

/** Scores over time, one line per exam or topic; a line joins its own points across the others' dates. */
export function TrendChart({ trends, height = 260 }: { trends: AlignedTrends; height?: number }) {
  return (
    <LineChart
      height={height}
      slotProps={{
        legend: {
          direction: 'horizontal',
          position: { vertical: 'top', horizontal: 'center' },
          sx: LEGEND_SX,
        },
      }}
      xAxis={[
        {
          scaleType: 'time',
          data: trends.times,
          valueFormatter: (value: Date) => formatDate(value),
          tickNumber: 4,
          tickLabelStyle: { fontSize: 11 },
        },
      ]}
      // The rotated axis label sits just inside the left margin, left of the tick labels ('100'); the margin
      // and the axis width leave room on both sides of it, so no letter is cut at the chart's edge.
      yAxis={[{ min: 0, max: 100, label: 'Score (%)', width: 60 }]}
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
      margin={{ top: 16, right: 16, bottom: 8, left: 12 }}
    />
  );
}

/**
 * The topic axis's width: room for the longest name (about 7 px a character at 12 px), within what leaves
 * the bars most of the chart: 140 px on a phone, 110 to 220 px from 600 px.
 */
function topicAxisWidth(topics: readonly TopicFigures[], phone: boolean): number {
  const longest = Math.max(0, ...topics.map((topic) => topic.topic.length));
  const wanted = 16 + 7 * longest;
  return phone ? Math.min(140, Math.max(64, wanted)) : Math.min(220, Math.max(110, wanted));
}

/**
 * % correct by topic, one horizontal bar each, weakest first. A topic name longer than its axis ends in
 * an ellipsis (the chart's own shortening, never a break inside a word); the table under the chart and
 * the chart's tooltip give it in full.
 */
export function TopicBarChart({ topics }: { topics: readonly TopicFigures[] }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(140, 44 * topics.length + 60)}
      yAxis={[
        {
          scaleType: 'band',
          data: topics.map((topic) => topic.topic),
          width: topicAxisWidth(topics, phone),
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
