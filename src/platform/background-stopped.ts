/**
 * What a page is told when the transport itself fails: Chrome stopped the worker that held the request
 * (it suspends idle workers and stops them on updates), so no answer will come. Chrome's own text
 * ("the message channel closed before a response was received") means nothing to a trader.
 */
export const BACKGROUND_STOPPED =
  "Perch's background stopped before it answered. Check what is shown now, then try again if needed.";
