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
    expect(alarm?.periodInMinutes).toBe(0.5);

    await fakeBrowser.alarms.onAlarm.trigger({
      name: KEEP_ALIVE_ALARM,
      scheduledTime: 0,
      periodInMinutes: 0.5,
    });
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'someone-else', scheduledTime: 0 });
    expect(ticks).toBe(1);
  });
});
