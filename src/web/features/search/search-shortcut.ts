import { useCallback, useEffect, useState } from 'react';

/** Whether a key press lands where typing goes (a field, an editor), so `/` must stay a character there. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The search dialog's open state, and its keyboard shortcut (issue 45): `/` anywhere outside a text field opens
 * it (as GitHub, Gmail and YouTube do), without typing the slash.
 */
export function useSearchDialog(): {
  open: boolean;
  /** Whether it was ever opened (its code is loaded from then on). */
  opened: boolean;
  setOpen: (open: boolean) => void;
} {
  const [open, setOpenState] = useState(false);
  const [opened, setOpened] = useState(false);
  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    if (next) setOpened(true);
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setOpen]);
  return { open, opened, setOpen };
}
