import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { KEEP_ALIVE_ALARM, startKeepAlive } from './keep-alive';

describe('the keep-alive alarm', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('fires every 30 s, the shortest period Chrome allows, and restores on each tick', async () => {
    let ticks = 0;
    startKeepAlive(() => {
      ticks++;
    });
    const alarm = await fakeBrowser.alarms.get(KEEP_ALIVE_ALARM);
    if (alarm === undefined) throw new Error('No keep-alive alarm was created.');
    expect(alarm.periodInMinutes).toBe(0.5);

    await fakeBrowser.alarms.onAlarm.trigger(alarm);
    await fakeBrowser.alarms.onAlarm.trigger({ ...alarm, name: 'someone-else' });
    expect(ticks).toBe(1);
  });
});
