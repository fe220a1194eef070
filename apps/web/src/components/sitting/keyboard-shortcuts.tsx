import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';

/** The keys of a sitting (sitting-keys.ts), as the dialog lists them; Enter only in tutor mode. */
export function shortcutRows(choiceCount: number, tutor: boolean): Array<{ keys: string[]; does: string }> {
  const last = Math.max(1, Math.min(choiceCount, 6));
  const digits = last === 1 ? '1' : `1–${last}`;
  return [
    { keys: [digits], does: 'Choose the option with that number' },
    ...(tutor ? [{ keys: ['Enter'], does: 'Check the chosen answer' }] : []),
    { keys: ['S', digits], does: 'Strike out that option, or restore it (also Shift + number)' },
    { keys: ['F'], does: 'Flag or unflag the question' },
    { keys: ['→', 'N'], does: 'Next question' },
    { keys: ['←', 'P'], does: 'Previous question' },
    { keys: ['↑', '↓'], does: 'Move between the options (Space or Enter chooses)' },
    { keys: ['?'], does: 'Show these shortcuts' },
  ];
}

function Key({ children }: { children: string }) {
  return (
    <Box
      component="kbd"
      sx={{
        display: 'inline-block',
        minWidth: 28,
        px: 0.75,
        py: 0.25,
        mr: 0.5,
        border: '1px solid',
        borderColor: 'divider',
        borderBottomWidth: 2,
        borderRadius: 1,
        fontFamily: 'inherit',
        fontSize: '0.85rem',
        textAlign: 'center',
        bgcolor: 'action.hover',
      }}
    >
      {children}
    </Box>
  );
}

/** 'Keyboard shortcuts': a button that opens the list, which ? also opens (decision 0062). */
export function KeyboardShortcuts({
  open,
  onOpen,
  onClose,
  choiceCount,
  tutor,
}: {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  choiceCount: number;
  tutor: boolean;
}) {
  const rows = shortcutRows(choiceCount, tutor);
  return (
    <>
      <Button
        size="small"
        startIcon={<KeyboardIcon />}
        onClick={onOpen}
        aria-haspopup="dialog"
        aria-keyshortcuts="?"
        sx={{ display: { xs: 'none', sm: 'inline-flex' }, mt: 2 }}
      >
        Keyboard shortcuts
      </Button>
      <Dialog
        open={open}
        onClose={onClose}
        aria-labelledby="keyboard-shortcuts-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="keyboard-shortcuts-title">Keyboard shortcuts</DialogTitle>
        <DialogContent>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1.25 }}
          >
            {rows.map((row) => (
              <Box key={row.does} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ whiteSpace: 'nowrap' }}>
                  {row.keys.map((key, i) => (
                    <Key key={`${key}-${i}`}>{key}</Key>
                  ))}
                </Box>
                <Typography component="dd" variant="body2" sx={{ m: 0, alignSelf: 'center' }}>
                  {row.does}
                </Typography>
              </Box>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
