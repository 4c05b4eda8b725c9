/** One event of a Chromium trace (the JSON `page.tracing` writes), as far as this sum reads it. */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  /** µs */
  readonly ts: number;
  /** µs, on complete (`X`) events */
  readonly dur?: number;
  readonly args?: { readonly data?: { readonly url?: string } };
}

/**
 * Main-thread time (ms) spent running the script at `url`: the union of every complete event that
 * names it (script evaluation, each call into it from a timer, a port message or a DOM event), so time
 * nested inside another such event counts once. What the calls do in the DOM's own code counts with
 * them; the style, layout and paint the browser does later for the whole page do not.
 */
export function scriptTimeMs(events: readonly TraceEvent[], url: string): number {
  const spans = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined && event.args?.data?.url === url)
    .map((event) => ({ start: event.ts, end: event.ts + (event.dur ?? 0) }))
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let open: { start: number; end: number } | undefined;
  for (const span of spans) {
    if (open === undefined || span.start > open.end) {
      total += open === undefined ? 0 : open.end - open.start;
      open = { ...span };
    } else open.end = Math.max(open.end, span.end);
  }
  total += open === undefined ? 0 : open.end - open.start;
  return total / 1000;
}
