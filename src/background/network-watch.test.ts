import { describe, expect, it } from 'vitest';
import { createFakeTime } from '../exchanges/transport/time-fake.test-helper';
import { ONLINE_CHECK_MS, watchNetworkReturn } from './network-watch';

function setUp(online: boolean) {
  const time = createFakeTime();
  const network = { online };
  let backs = 0;
  const stop = watchNetworkReturn({ isOnline: () => network.online, timers: time.timers }, () => {
    backs += 1;
  });
  return { time, network, stop, backs: () => backs };
}

describe('watchNetworkReturn', () => {
  it('says so within a second of the browser going from offline to online, once', () => {
    const { time, network, backs } = setUp(true);
    network.online = false;
    time.advance(5 * ONLINE_CHECK_MS);
    expect(backs()).toBe(0);

    network.online = true;
    time.advance(ONLINE_CHECK_MS);
    expect(backs()).toBe(1);
    time.advance(10 * ONLINE_CHECK_MS);
    expect(backs()).toBe(1);
  });

  it('says nothing while the browser stays online, and nothing once stopped', () => {
    const { time, network, stop, backs } = setUp(true);
    time.advance(10 * ONLINE_CHECK_MS);
    stop();
    network.online = false;
    time.advance(ONLINE_CHECK_MS);
    network.online = true;
    time.advance(ONLINE_CHECK_MS);
    expect(backs()).toBe(0);
  });

  it('counts a worker started offline as offline', () => {
    const { time, network, backs } = setUp(false);
    network.online = true;
    time.advance(ONLINE_CHECK_MS);
    expect(backs()).toBe(1);
  });
});
