import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** How long a "hold to close" button must be held down: long enough that a stray click never fires it. */
export const HOLD_MS = 800;

const isPressKey = (event: KeyboardEvent) => event.key === ' ' || event.key === 'Enter';

/**
 * A button that acts only when held: by the pointer, or by Space or Enter held down. Letting go, leaving
 * the button or moving the focus away before HOLD_MS cancels it.
 */
export function useHoldToConfirm(onConfirm: () => void) {
  const [holding, setHolding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setHolding(false);
  }, []);

  const start = useCallback(() => {
    if (timer.current !== undefined) return;
    setHolding(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setHolding(false);
      onConfirm();
    }, HOLD_MS);
  }, [onConfirm]);

  useEffect(() => cancel, [cancel]);

  return {
    holding,
    handlers: {
      onPointerDown(event: PointerEvent) {
        if (event.button === 0) start();
      },
      onPointerUp: cancel,
      onPointerLeave: cancel,
      onPointerCancel: cancel,
      onBlur: cancel,
      onKeyDown(event: KeyboardEvent) {
        if (!isPressKey(event)) return;
        // The browser would turn the key into a click: the hold decides, not the click.
        event.preventDefault();
        if (!event.repeat) start();
      },
      onKeyUp(event: KeyboardEvent) {
        if (!isPressKey(event)) return;
        event.preventDefault();
        cancel();
      },
    },
  };
}
