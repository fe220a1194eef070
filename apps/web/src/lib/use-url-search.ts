import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing pauses before a list's search is sent. */
const SEARCH_DELAY_MS = 400;

/**
 * A list page's search box and category chips kept in the URL (`search`, `category`, and `page` reset
 * on any change), as the articles and courses pages use them (decision 0022): typing searches after a
 * pause (replacing the history entry), Enter at once (a new entry), and the box follows the URL on
 * back/forward without undoing what is being typed. `search` is the URL's current (trimmed) search.
 */
export function useUrlSearch(search: string): {
  text: string;
  setText: (text: string) => void;
  submit: (event: FormEvent) => void;
  chooseCategory: (category: string) => void;
} {
  const [, setSearchParams] = useSearchParams();
  const [text, setText] = useState(search);
  const [syncedSearch, setSyncedSearch] = useState(search);
  // The search this hook last wrote to the URL: when the URL arrives at it, what was typed since stays (on
  // a slow device a key can land between the write and its render); any other change of the URL (back,
  // forward, a link) puts its search in the box.
  const [ownWrite, setOwnWrite] = useState<string | null>(null);
  if (search !== syncedSearch) {
    setSyncedSearch(search);
    setOwnWrite(null);
    if (search !== ownWrite && search !== text.trim()) setText(search);
  }

  // React Router's functional update starts from the params of the render that made the setter, so a
  // debounced search scheduled before a chip click would write back the URL without the chip's category.
  // The timer therefore always calls the latest setter.
  const setParamsRef = useRef(setSearchParams);
  useEffect(() => {
    setParamsRef.current = setSearchParams;
  }, [setSearchParams]);

  const applySearch = (next: string, replace: boolean) => {
    setOwnWrite(next);
    setParamsRef.current(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set('search', next);
        else params.delete('search');
        params.delete('page');
        return params;
      },
      { replace },
    );
  };

  useEffect(() => {
    const next = text.trim();
    if (next === search) return;
    const timer = setTimeout(() => applySearch(next, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // applySearch goes through setParamsRef, so the timer never writes from an old URL.
  }, [text, search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    applySearch(text.trim(), false);
  };

  // A chip clicked while a typed search is still waiting for the pause applies both at once.
  const chooseCategory = (next: string) => {
    const typed = text.trim();
    setOwnWrite(typed);
    setParamsRef.current((current) => {
      const params = new URLSearchParams(current);
      if (next) params.set('category', next);
      else params.delete('category');
      if (typed) params.set('search', typed);
      else params.delete('search');
      params.delete('page');
      return params;
    });
  };

  return { text, setText, submit, chooseCategory };
}
