import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `?submit=1` (Submit in the in-progress list, decision 0063): read once, then dropped from the address, so a
 * reload or going back to the sitting does not open the submit dialog again.
 */
export function useAskSubmit(): boolean {
  const [searchParams, setSearchParams] = useSearchParams();
  const [askSubmit] = useState(() => searchParams.get('submit') === '1');
  useEffect(() => {
    if (!searchParams.has('submit')) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('submit');
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);
  return askSubmit;
}
