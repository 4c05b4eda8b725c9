import { browser } from '../platform/browser';

/** Chrome's shortest alarm period since Chrome 120 (https://developer.chrome.com/docs/extensions/reference/api/alarms). */
export const KEEP_ALIVE_ALARM = 'perch-keep-alive';
const PERIOD_MINUTES = 0.5;

/**
 * Every 30 s, and on every wake of the worker, `tick` restores what is wanted (and whatever else must
 * run on a schedule). Alarms may be cleared on a browser restart, so the alarm is made on every start.
 */
export function startKeepAlive(tick: () => void): () => void {
  void browser.alarms.create(KEEP_ALIVE_ALARM, { periodInMinutes: PERIOD_MINUTES });
  const listener = (alarm: { name: string }) => {
    if (alarm.name === KEEP_ALIVE_ALARM) tick();
  };
  browser.alarms.onAlarm.addListener(listener);
  return () => {
    browser.alarms.onAlarm.removeListener(listener);
  };
}
