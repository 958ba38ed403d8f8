import { useEffect, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** How long a touch must stay down to count as a long-press, and how far it may drift (CSS px). */
const LONG_PRESS_MS = 500;
const DRIFT_PX = 10;
/** What a long-press looks for from the touched element up: an event chip (every variant carries the attribute). */
const CHIP_SELECTOR = '[data-variant]';

/** The handlers `useLongPressPeek` gives: put them on a chip, or once on an element that holds many chips. */
export interface LongPressHandlers {
  onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  onPointerMove: (e: PointerEvent<HTMLElement>) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
  onContextMenu: (e: MouseEvent<HTMLElement>) => void;
  /** Stops the click that ends a long-press before any chip (or day) below sees it. */
  onClickCapture: (e: MouseEvent<HTMLElement>) => void;
}

/**
 * Issue 22: on a touch screen, where there is no hover, a long-press on a chip shows its full text (its `title`,
 * the same text as its accessible name) in a bubble. The press that opened the bubble does not also open the
 * event; the next touch anywhere, or a scroll, closes it. Mouse and pen are left alone.
 * The handlers find the chip from the touched element (`[data-variant]`, closest first), so one set on the month
 * grid serves all its chips (issue 23: no hook, state or effect per chip).
 * @returns the handlers to put on a chip or on an element holding chips, and the bubble to render (null when closed).
 */
export function useLongPressPeek(): { handlers: LongPressHandlers; bubble: ReactNode } {
  const [peek, setPeek] = useState<{ left: number; top: number; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const origin = useRef({ x: 0, y: 0 });
  const pressed = useRef(false);

  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  // No clean-up effect for the timer: an element that goes while pressed only sets the state of an unmounted
  // component (nothing happens).

  useEffect(() => {
    if (!peek) return;
    const close = () => setPeek(null);
    // Registered after the press that opened the bubble has ended, so that press does not close it.
    const id = setTimeout(() => {
      document.addEventListener('pointerdown', close, { once: true });
      window.addEventListener('scroll', close, { once: true, capture: true });
    });
    return () => {
      clearTimeout(id);
      document.removeEventListener('pointerdown', close);
      window.removeEventListener('scroll', close, { capture: true });
    };
  }, [peek]);

  const handlers: LongPressHandlers = {
    onPointerDown: (e) => {
      if (e.pointerType !== 'touch') return;
      const chip = e.target instanceof Element ? e.target.closest<HTMLElement>(CHIP_SELECTOR) : null;
      if (!chip) return;
      origin.current = { x: e.clientX, y: e.clientY };
      cancel();
      timer.current = setTimeout(() => {
        const box = chip.getBoundingClientRect();
        pressed.current = true;
        setPeek({ left: box.left, top: box.bottom + 4, text: chip.title });
      }, LONG_PRESS_MS);
    },
    onPointerMove: (e) => {
      if (!timer.current) return;
      if (Math.hypot(e.clientX - origin.current.x, e.clientY - origin.current.y) > DRIFT_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    // Android opens a context menu on a long-press; the bubble is what a long-press does here.
    onContextMenu: (e) => {
      if (pressed.current || timer.current) e.preventDefault();
    },
    onClickCapture: (e) => {
      if (!pressed.current) return;
      pressed.current = false;
      e.stopPropagation();
    },
  };

  const bubble = peek
    ? createPortal(
        <div
          role="tooltip"
          data-testid="chip-peek"
          style={{ left: Math.max(8, Math.min(peek.left, window.innerWidth - 248)), top: peek.top }}
          className="fixed z-50 w-60 rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg"
        >
          {peek.text}
        </div>,
        document.body,
      )
    : null;

  return { handlers, bubble };
}
