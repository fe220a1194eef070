import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { progressLabel, progressPercent } from '../course-text.ts';

/**
 * A course's progress: a bar named by `labelledBy` (the course's title, or the section's heading) whose
 * value reads '3 of 5 units complete', with the same words beside it for sighted learners.
 */
export function CourseProgressBar({
  completed,
  total,
  labelledBy,
}: {
  completed: number;
  total: number;
  labelledBy: string;
}) {
  const label = progressLabel(completed, total);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <LinearProgress
        variant="determinate"
        value={progressPercent(completed, total)}
        aria-labelledby={labelledBy}
        aria-valuetext={label}
        sx={{ flexGrow: 1, minWidth: 120, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {label}
      </Typography>
    </Box>
  );
}
