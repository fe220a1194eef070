import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FlagIcon from '@mui/icons-material/Flag';
import type { Answers } from '@mlp/contract';
import { navigatorLabel } from './navigator-label.ts';

/**
 * A grid of numbered buttons to jump between the questions of a sitting (the learner's, and the
 * administrator's preview). Answered ones are filled, unanswered outlined,
 * flagged ones carry a flag, the current one has a thick ring and aria-current, so colour is never the
 * only cue; each button's name says all of it ('Question 3, unanswered, flagged').
 */
export function QuestionNavigator({
  questions,
  answers,
  flags = [],
  current,
  onSelect,
}: {
  questions: ReadonlyArray<{ _id: string }>;
  answers: Answers;
  flags?: readonly string[];
  current: number;
  onSelect: (index: number) => void;
}) {
  const flagged = new Set(flags);
  return (
    <Box component="nav" aria-label="Questions">
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(44px, 1fr))',
          gap: 1,
        }}
      >
        {questions.map((question, index) => {
          const answered = answers[question._id] !== undefined;
          const isFlagged = flagged.has(question._id);
          const isCurrent = index === current;
          return (
            <ButtonBase
              key={question._id}
              onClick={() => onSelect(index)}
              aria-label={navigatorLabel(index + 1, answered, isFlagged)}
              aria-current={isCurrent ? 'step' : undefined}
              focusRipple
              sx={{
                position: 'relative',
                height: 44,
                borderRadius: 1,
                fontWeight: 600,
                border: '2px solid',
                borderColor: answered ? 'primary.main' : 'grey.500',
                bgcolor: answered ? 'primary.main' : 'background.paper',
                color: answered ? 'primary.contrastText' : 'text.primary',
                outline: isCurrent ? '3px solid' : 'none',
                outlineColor: 'secondary.main',
                outlineOffset: '2px',
                textDecoration: isCurrent ? 'underline' : 'none',
                '&.Mui-focusVisible': {
                  outline: '3px solid',
                  outlineColor: 'warning.main',
                  outlineOffset: '2px',
                },
              }}
            >
              {index + 1}
              {isFlagged && (
                <FlagIcon
                  aria-hidden="true"
                  sx={{
                    position: 'absolute',
                    top: -8,
                    right: -8,
                    fontSize: 18,
                    color: 'warning.dark',
                    bgcolor: 'background.paper',
                    borderRadius: '50%',
                  }}
                />
              )}
            </ButtonBase>
          );
        })}
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }} aria-hidden="true">
        <Legend swatchSx={{ bgcolor: 'primary.main', borderColor: 'primary.main' }} label="Answered" />
        <Legend swatchSx={{ bgcolor: 'background.paper', borderColor: 'grey.500' }} label="Unanswered" />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <FlagIcon sx={{ fontSize: 18, color: 'warning.dark' }} />
          <Typography variant="caption">Flagged</Typography>
        </Stack>
        <Legend
          swatchSx={{
            borderColor: 'grey.500',
            outline: '3px solid',
            outlineColor: 'secondary.main',
            outlineOffset: '1px',
          }}
          label="Current"
        />
      </Stack>
    </Box>
  );
}

function Legend({ swatchSx, label }: { swatchSx: object; label: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 16, height: 16, borderRadius: 0.5, border: '2px solid', ...swatchSx }} />
      <Typography variant="caption">{label}</Typography>
    </Stack>
  );
}
