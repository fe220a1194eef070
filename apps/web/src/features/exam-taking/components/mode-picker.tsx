import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ExamPublic, SittingMode } from '@mlp/contract';
import { MODE_NAMES, allowedModes, modeDescription } from '../sitting-modes.ts';

/**
 * The mode a sitting starts in (decision 0037): Exam (the default, the spec's exam), Timed (shows the time it
 * gives) and Tutor, only those the exam allows. Nothing shows when the exam allows only one.
 */
export function ModePicker({
  exam,
  value,
  onChange,
}: {
  exam: Pick<ExamPublic, 'modes' | 'numberOfQuestions' | 'secondsPerQuestion'>;
  value: SittingMode;
  onChange: (mode: SittingMode) => void;
}) {
  const labelId = useId();
  const modes = allowedModes(exam.modes);
  if (modes.length < 2) return null;
  return (
    <FormControl component="fieldset">
      <FormLabel id={labelId} component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
        How to sit it
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(_event, next) => {
          const mode = modes.find((entry) => entry === next);
          if (mode) onChange(mode);
        }}
      >
        {modes.map((mode) => (
          <FormControlLabel
            key={mode}
            value={mode}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mt: 0.5 }}
            label={
              <Box sx={{ pt: 1 }}>
                <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                  {MODE_NAMES[mode]}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {modeDescription(mode, exam.numberOfQuestions, exam.secondsPerQuestion)}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
