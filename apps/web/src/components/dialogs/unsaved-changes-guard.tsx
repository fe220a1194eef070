import { useEffect, useId } from 'react';
import { useBlocker } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const DISCARD_CHANGES_TITLE = 'Discard unsaved changes?';

/**
 * While `when` holds, leaving the page asks first: a link or Back inside the app opens a 'Discard
 * unsaved changes?' dialog (React Router's blocker), and a reload, a typed address or closing the tab
 * gets the browser's own prompt (`beforeunload`). `what` names what would be lost.
 */
export function UnsavedChangesGuard({ when, what }: { when: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    if (!when) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      // preventDefault is the standard way; returnValue is what older browsers look for.
      event.preventDefault();
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  // Nothing left to lose (e.g. saved while the question was open): let the navigation go on.
  useEffect(() => {
    if (!when && blocker.state === 'blocked') blocker.proceed();
  }, [when, blocker]);

  const open = blocker.state === 'blocked';
  return (
    <Dialog
      open={open}
      onClose={() => blocker.reset?.()}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{DISCARD_CHANGES_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {`Your changes to ${what} have not been saved. If you leave this page, they will be lost.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          Keep editing
        </Button>
        <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
          Discard changes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
