/**
 * Long-lived ports (`runtime.connect`): a page says which quotes it wants and the background pushes a
 * snapshot at once, then coalesced changes (docs/architecture.md "How data flows"). Its own file, so the
 * script injected into charting pages can name the port without loading every port schema.
 */
export const HUB_PORT = 'hub';
