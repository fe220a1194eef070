import { lazy, Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REVIEW_FORECAST_DAYS, type ReviewForecast as Forecast } from '@mlp/contract';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { reviewForecastQueryOptions } from '../api/reviews-api.ts';
import { dueWithin, forecastBars, studyAheadLabel } from '../review-timing.ts';
import { StartReviewButton } from './start-review-button.tsx';

const ForecastChart = lazy(() => import('./forecast-chart.tsx'));

const DAY_CHOICES = Array.from({ length: REVIEW_FORECAST_DAYS }, (_, index) => index + 1);

/** 'Study ahead' (decision 0060): how many days ahead, then a review session of what is due by then. */
function StudyAhead({ forecast, emphasise }: { forecast: Forecast; emphasise: boolean }) {
  const selectId = useId();
  // The first choice that takes anything (days with nothing due bring nothing new).
  const [days, setDays] = useState(() => DAY_CHOICES.find((choice) => dueWithin(forecast, choice) > 0) ?? 1);
  const count = dueWithin(forecast, days);
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Study ahead
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Review questions before they are due, soonest first. Each one is rescheduled from the day you answer
        it.
      </Typography>
      <TextField
        id={selectId}
        select
        label="Questions due within"
        value={days}
        onChange={(event) => setDays(Number(event.target.value))}
        slotProps={{ select: { native: true } }}
        sx={{ maxWidth: 420 }}
        fullWidth
      >
        {DAY_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {studyAheadLabel(forecast, choice)}
          </option>
        ))}
      </TextField>
      {count === 0 ? (
        <Typography variant="body2">
          Nothing is due in the next {days === 1 ? 'day' : `${days} days`}. Choose more days.
        </Typography>
      ) : (
        <StartReviewButton
          key={days}
          label="Study ahead"
          variant={emphasise ? 'contained' : 'outlined'}
          choice={{ aheadDays: days }}
        />
      )}
    </Stack>
  );
}

/**
 * 'Coming up' on the review page (decision 0060): questions coming due today and on each of the next 14
 * days as a small bar chart (a table for screen readers), and 'Study ahead'. `nothingDue` gives studying
 * ahead the main button, as there is nothing else to do.
 */
export function ReviewForecast({ nothingDue }: { nothingDue: boolean }) {
  const forecast = useQuery(reviewForecastQueryOptions());
  const tableId = useId();
  return (
    <SectionCard title="Coming up" gutterBottom mb={3}>
      {forecast.isPending && <Skeleton variant="rounded" height={180} aria-label="Loading the forecast" />}
      {forecast.isError && (
        <LoadError
          message={errorMessage(forecast.error, 'Failed to load your review forecast.')}
          onRetry={() => forecast.refetch()}
        />
      )}
      {forecast.data && (
        <>
          <Typography color="text.secondary">
            {forecast.data.dueNow + forecast.data.laterToday} due today ·{' '}
            {dueWithin(forecast.data, REVIEW_FORECAST_DAYS)} in the next {REVIEW_FORECAST_DAYS} days
          </Typography>
          <VisuallyHidden component="div">
            <table aria-labelledby={tableId}>
              <caption id={tableId}>Questions coming due each day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Questions due</th>
                </tr>
              </thead>
              <tbody>
                {forecastBars(forecast.data).map((bar) => (
                  <tr key={bar.name}>
                    <th scope="row">{bar.name}</th>
                    <td>{bar.due}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
          <Box sx={{ minHeight: 180 }}>
            <Suspense fallback={<Skeleton variant="rounded" height={172} sx={{ mt: 1 }} />}>
              <ForecastChart bars={forecastBars(forecast.data)} />
            </Suspense>
          </Box>
          <StudyAhead forecast={forecast.data} emphasise={nothingDue} />
        </>
      )}
    </SectionCard>
  );
}
