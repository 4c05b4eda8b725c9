import bybitFrames from '../../tests/fixtures/ws/bybit-frames.json';
import okxFrames from '../../tests/fixtures/ws/okx-frames.json';
import { createBybitStreams } from './bybit/streams';
import { createBybitWsTrade, type BybitWsTrade } from './bybit/ws-trade';
import { createOkxStreams } from './okx/streams';
import { createOkxWsTrade, type OkxWsTrade } from './okx/ws-trade';
import {
  acceptLoginSocket,
  fakeStreamOptions,
  type FakeSocket,
  type FakeSocketRig,
} from './transport/socket-fake.test-helper';

const HOSTS = { wsBaseUrl: 'ws://127.0.0.1:9' };

/** An OKX WS trade client on the rig's fake sockets, its private socket open and logged in. */
export async function okxTradeClient(rig: FakeSocketRig): Promise<{ trade: OkxWsTrade; socket: FakeSocket }> {
  const credentials = { apiKey: 'test-key', secret: 'test-secret', passphrase: 'test-pass' };
  const streams = createOkxStreams({ ...fakeStreamOptions(rig), hosts: HOSTS, credentials });
  const trade = createOkxWsTrade({ streams, timers: rig.time.timers });
  const socket = await acceptLoginSocket(rig);
  socket.receive(okxFrames.loginOk);
  return { trade, socket };
}

/** A Bybit WS trade client on the rig's fake sockets, its trade stream open and authenticated. */
export async function bybitTradeClient(
  rig: FakeSocketRig,
): Promise<{ trade: BybitWsTrade; socket: FakeSocket }> {
  const credentials = { apiKey: 'test-key', secret: 'test-secret' };
  const streams = createBybitStreams({ ...fakeStreamOptions(rig), hosts: HOSTS, credentials });
  const trade = createBybitWsTrade({ streams, clock: rig.time.clock, timers: rig.time.timers });
  const socket = await acceptLoginSocket(rig);
  socket.receive(bybitFrames.authOkTrade);
  return { trade, socket };
}
