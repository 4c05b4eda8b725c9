/**
 * How many fired alerts the history keeps. Its own file, so the popup's alert history can keep to it
 * without loading the alert schemas.
 */
export const ALERT_HISTORY_SIZE = 100;
