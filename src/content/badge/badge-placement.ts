import type { BadgePlacement } from '../../contracts/settings';

/** How far one arrow key moves the badge; with Shift, five times as far. */
export const KEY_STEP_PX = 10;
const MAX_OFFSET = 4000;

const clampOffset = (value: number) => Math.min(MAX_OFFSET, Math.max(0, Math.round(value)));

/** Puts the badge at its placement: a corner of the viewport and the distance from it. */
export function applyPlacement(element: HTMLElement, { corner, offsetX, offsetY }: BadgePlacement): void {
  const [vertical, horizontal] = corner.split('-') as ['top' | 'bottom', 'left' | 'right'];
  element.style.top = vertical === 'top' ? `${offsetY}px` : 'auto';
  element.style.bottom = vertical === 'bottom' ? `${offsetY}px` : 'auto';
  element.style.left = horizontal === 'left' ? `${offsetX}px` : 'auto';
  element.style.right = horizontal === 'right' ? `${offsetX}px` : 'auto';
}

/** Where a badge dropped at `rect` sits: the nearest corner, so it stays put when the window resizes. */
export function placementFromRect(
  rect: Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>,
  viewport: { width: number; height: number },
): BadgePlacement {
  const right = (rect.left + rect.right) / 2 > viewport.width / 2;
  const bottom = (rect.top + rect.bottom) / 2 > viewport.height / 2;
  return {
    corner: `${bottom ? 'bottom' : 'top'}-${right ? 'right' : 'left'}`,
    offsetX: clampOffset(right ? viewport.width - rect.right : rect.left),
    offsetY: clampOffset(bottom ? viewport.height - rect.bottom : rect.top),
  };
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The placement after an arrow key; undefined for any other key. Offsets grow away from the corner. */
export function placementAfterKey(
  placement: BadgePlacement,
  key: string,
  shift: boolean,
): BadgePlacement | undefined {
  const arrow = ARROWS[key];
  if (arrow === undefined) return undefined;
  const step = shift ? KEY_STEP_PX * 5 : KEY_STEP_PX;
  const fromRight = placement.corner.endsWith('right') ? -1 : 1;
  const fromBottom = placement.corner.startsWith('bottom') ? -1 : 1;
  return {
    corner: placement.corner,
    offsetX: clampOffset(placement.offsetX + arrow[0] * step * fromRight),
    offsetY: clampOffset(placement.offsetY + arrow[1] * step * fromBottom),
  };
}

/**
 * Lets the trader move the badge by dragging `handle` (pointer events) or with its arrow keys, and reports
 * each finished move. Only trusted input counts: the page cannot move the badge either.
 */
export function makeMovable(
  badge: HTMLElement,
  handle: HTMLElement,
  start: BadgePlacement,
  onMoved: (placement: BadgePlacement) => void,
  signal: AbortSignal,
): void {
  let placement = start;
  let drag: { x: number; y: number; left: number; top: number } | undefined;
  const win = badge.ownerDocument.defaultView;
  applyPlacement(badge, placement);
  const settle = (next: BadgePlacement) => {
    placement = next;
    applyPlacement(badge, placement);
    onMoved(placement);
  };

  handle.addEventListener(
    'keydown',
    (event) => {
      if (!event.isTrusted) return;
      const next = placementAfterKey(placement, event.key, event.shiftKey);
      if (next === undefined) return;
      event.preventDefault();
      settle(next);
    },
    { signal },
  );
  handle.addEventListener(
    'pointerdown',
    (event) => {
      if (!event.isTrusted || event.button !== 0) return;
      const rect = badge.getBoundingClientRect();
      drag = { x: event.clientX, y: event.clientY, left: rect.left, top: rect.top };
      handle.setPointerCapture(event.pointerId);
    },
    { signal },
  );
  handle.addEventListener(
    'pointermove',
    (event) => {
      if (drag === undefined) return;
      badge.style.left = `${drag.left + event.clientX - drag.x}px`;
      badge.style.top = `${drag.top + event.clientY - drag.y}px`;
      badge.style.right = badge.style.bottom = 'auto';
    },
    { signal },
  );
  const drop = () => {
    if (drag === undefined || win === null) return;
    drag = undefined;
    settle(
      placementFromRect(badge.getBoundingClientRect(), { width: win.innerWidth, height: win.innerHeight }),
    );
  };
  handle.addEventListener('pointerup', drop, { signal });
  handle.addEventListener('pointercancel', drop, { signal });
}
