import { useState } from 'react';

/**
 * What a confirm dialog is about. Closing keeps the target, so the dialog's text does not go blank while
 * it fades out; asking again replaces it.
 */
export function useConfirmTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    target,
    open,
    ask: (next: T) => {
      setTarget(next);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
