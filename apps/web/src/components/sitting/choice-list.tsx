import { useState, type KeyboardEvent, type Ref } from 'react';
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

/** Where ↑ ↓ Home End move the focus among `count` choices from `from` (wrapping at the ends). */
export function rovingTarget(key: string, from: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return (from + 1) % count;
  if (key === 'ArrowUp') return (from - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The shown choices of a question as a radio group (decision 0078): each choice a radio (aria-checked
 * when chosen, "2 of 5" from aria-posinset and aria-setsize) with its strike-out button beside it, a
 * toggle button of the same group (aria-pressed when struck: the choice is crossed out and dimmed, still
 * choosable). Once an answer is locked (tutor mode) or checked (the preview), `AnswerReview` shows the
 * options instead: a review is not an input.
 *
 * One Tab stop (decision 0062): the chosen option, else the last focused, else the first, takes Tab; ↑ ↓
 * Home End move among the choices (roving tabindex), Space or Enter chooses; the strike-out buttons are
 * left out of the Tab order (S then a digit strikes out from the keyboard) but stay in the page, each
 * read right after its choice, for the pointer and for screen readers.
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
  const [focused, setFocused] = useState<number | null>(null);
  const selectedPosition = selected === undefined ? -1 : choices.indexOf(selected);
  // As in the WAI-ARIA radio group: Tab lands on the chosen option when there is one.
  const tabStop =
    selectedPosition >= 0 ? selectedPosition : focused !== null && focused < choices.length ? focused : 0;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-choice]')];
    const from = buttons.indexOf(event.target as HTMLButtonElement);
    if (from < 0) return;
    const to = rovingTarget(event.key, from, buttons.length);
    if (to === null) return;
    event.preventDefault();
    buttons[to]?.focus();
  };
  return (
    <Stack spacing={1.5} role="radiogroup" aria-label="Choices" ref={ref} onKeyDown={onKeyDown}>
      {choices.map((choice, position) => {
        const isSelected = selected === choice;
        const isStruck = struck.includes(choice);
        return (
          // Keyed by position, so the focused choice stays focused when the question changes.
          <Stack key={position} direction="row" spacing={1} sx={{ alignItems: 'stretch' }}>
            <Button
              variant={isSelected ? 'contained' : 'outlined'}
              role="radio"
              aria-checked={isSelected}
              // Said outright: the strike-out buttons between the radios must not count in "2 of 5".
              aria-posinset={position + 1}
              aria-setsize={choices.length}
              data-choice={position + 1}
              tabIndex={position === tabStop ? 0 : -1}
              onFocus={() => setFocused(position)}
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
                tabIndex={-1}
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
