import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import StrikethroughSIcon from '@mui/icons-material/StrikethroughS';
import { VisuallyHidden } from '../visually-hidden.tsx';

const focusRing = {
  '&.Mui-focusVisible, &:focus-visible': {
    outline: '3px solid',
    outlineColor: 'text.primary',
    outlineOffset: '2px',
  },
};

/**
 * The shown choices of a question, each a button (aria-pressed when chosen) with a strike-out button
 * beside it (aria-pressed when struck: the choice is crossed out and dimmed, still choosable). Once an
 * answer is locked (tutor mode) or checked (the preview), `AnswerReview` shows the options instead.
 */
export function ChoiceList({
  choices,
  selected,
  struck,
  onChoose,
  onStrike,
  ref,
}: {
  choices: readonly string[];
  selected: string | undefined;
  struck: readonly string[];
  onChoose: (position: number) => void;
  onStrike: (choice: string) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Stack spacing={1.5} role="group" aria-label="Choices" ref={ref}>
      {choices.map((choice, position) => {
        const isSelected = selected === choice;
        const isStruck = struck.includes(choice);
        return (
          // Keyed by position, so the focused choice stays focused when the question changes.
          <Stack key={position} direction="row" spacing={1} sx={{ alignItems: 'stretch' }}>
            <Button
              variant={isSelected ? 'contained' : 'outlined'}
              aria-pressed={isSelected}
              onClick={() => onChoose(position)}
              fullWidth
              size="large"
              endIcon={isSelected ? <CheckIcon /> : undefined}
              sx={{
                justifyContent: 'flex-start',
                textAlign: 'left',
                fontWeight: isSelected ? 700 : 500,
                py: 1.25,
                // A clear focus ring, not just the faint ripple (decision 0018).
                ...focusRing,
              }}
            >
              <Box
                component="span"
                aria-hidden="true"
                sx={{
                  flexShrink: 0,
                  width: 28,
                  height: 28,
                  mr: 1.5,
                  borderRadius: '50%',
                  border: '1px solid currentColor',
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontSize: '0.85rem',
                }}
              >
                {position + 1}
              </Box>
              <Box
                component="span"
                sx={{
                  flexGrow: 1,
                  wordBreak: 'break-word',
                  textDecoration: isStruck ? 'line-through' : 'none',
                  color: isStruck && !isSelected ? 'text.secondary' : 'inherit',
                }}
              >
                {choice}
              </Box>
              {isStruck && <VisuallyHidden> (struck out)</VisuallyHidden>}
            </Button>
            <Tooltip title={isStruck ? 'Restore this option' : 'Strike out this option'}>
              <IconButton
                aria-label={`Strike out ${choice}`}
                aria-pressed={isStruck}
                onClick={() => onStrike(choice)}
                sx={{
                  flexShrink: 0,
                  width: 44,
                  borderRadius: 1,
                  border: '1px solid',
                  borderColor: isStruck ? 'text.primary' : 'divider',
                  bgcolor: isStruck ? 'action.selected' : 'transparent',
                  ...focusRing,
                }}
              >
                <StrikethroughSIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        );
      })}
    </Stack>
  );
}
