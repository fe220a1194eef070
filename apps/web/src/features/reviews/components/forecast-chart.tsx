import { BarChart } from '@mui/x-charts/BarChart';
import type { ForecastBar } from '../review-timing.ts';

/**
 * The review forecast's bars (decision 0060): questions coming due today and on each of the next 14 days,
 * in the analytics charts' blue. Loaded lazily (React.lazy) like the other charts; the page gives screen
 * readers the same figures as a table.
 */
export default function ForecastChart({ bars }: { bars: readonly ForecastBar[] }) {
  return (
    <BarChart
      height={180}
      xAxis={[
        {
          scaleType: 'band',
          data: bars.map((_, index) => index),
          valueFormatter: (value: number, context) => {
            const bar = bars[value];
            if (!bar) return String(value);
            return context.location === 'tooltip' ? bar.name : bar.tick;
          },
          tickLabelStyle: { fontSize: 11 },
        },
      ]}
      yAxis={[{ tickMinStep: 1, width: 32, tickLabelStyle: { fontSize: 11 } }]}
      series={[
        {
          data: bars.map((bar) => bar.due),
          label: 'Questions due',
          color: '#1565c0',
        },
      ]}
      hideLegend
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
    />
  );
}
