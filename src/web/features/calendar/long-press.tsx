import { useEffect, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** How long a touch must stay down to count as a long-press, and how far it may drift (CSS px). */
const LONG_PRESS_MS = 500;
const DRIFT_PX = 10;

/**
 * Issue 22: on a touch screen, where there is no hover, a long-press on a chip shows its full text in a bubble
 * (the same text as the hover title and the accessible name). The press that opened the bubble does not also
 * open the event; the next touch anywhere, or a scroll, closes it. Mouse and pen are left alone.
 * @returns pointer handlers and a click guard to put on the chip, and the bubble to render (null when closed).
 */
export function useLongPressPeek(text: string): {
  handlers: {
    onPointerDown: (e: PointerEvent<HTMLElement>) => void;
    onPointerMove: (e: PointerEvent<HTMLElement>) => void;
    onPointerUp: () => void;
    onPointerCancel: () => void;
    onContextMenu: (e: MouseEvent<HTMLElement>) => void;
  };
  /** True when this click ends a long-press: the caller then does not open the event. */
  swallowClick: () => boolean;
  bubble: ReactNode;
} {
  const [anchor, setAnchor] = useState<{ left: number; top: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const origin = useRef({ x: 0, y: 0 });
  const pressed = useRef(false);

  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  // No clean-up effect for the timer: a chip that goes while pressed only sets the state of an unmounted
  // component (nothing happens), and a month switch mounts ~130 chips, each effect a cost (issue 23).

  useEffect(() => {
    if (!anchor) return;
    const close = () => setAnchor(null);
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
  }, [anchor]);

  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType !== 'touch') return;
      const chip = e.currentTarget;
      origin.current = { x: e.clientX, y: e.clientY };
      cancel();
      timer.current = setTimeout(() => {
        const box = chip.getBoundingClientRect();
        pressed.current = true;
        setAnchor({ left: box.left, top: box.bottom + 4 });
      }, LONG_PRESS_MS);
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      if (!timer.current) return;
      if (Math.hypot(e.clientX - origin.current.x, e.clientY - origin.current.y) > DRIFT_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    // Android opens a context menu on a long-press; the bubble is what a long-press does here.
    onContextMenu: (e: MouseEvent<HTMLElement>) => {
      if (pressed.current || timer.current) e.preventDefault();
    },
  };

  const swallowClick = () => {
    if (!pressed.current) return false;
    pressed.current = false;
    return true;
  };

  const bubble = anchor
    ? createPortal(
        <div
          role="tooltip"
          data-testid="chip-peek"
          style={{ left: Math.max(8, Math.min(anchor.left, window.innerWidth - 248)), top: anchor.top }}
          className="fixed z-50 w-60 rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg"
        >
          {text}
        </div>,
        document.body,
      )
    : null;

  return { handlers, swallowClick, bubble };
}
