import { afterAll, beforeAll } from 'vitest';
import { startSimulator, type RunningSimulator, type StartOptions } from '../index';
import { openTestSocket, type TestSocket } from './ws-client.test-helper';

/** A simulator for one test file: started before its tests, stopped (sockets first) after them. */
export interface SimHarness {
  /** The running simulator (valid inside tests). */
  readonly sim: () => RunningSimulator;
  /** Opens a socket on `path`, closed with the harness. */
  readonly open: (path: string) => Promise<TestSocket>;
}

export function useSimulator(options: StartOptions): SimHarness {
  let running: RunningSimulator | undefined;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    running = await startSimulator(options);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await running?.stop();
  });
  const sim = (): RunningSimulator => {
    if (!running) throw new Error('The simulator starts in beforeAll; use it inside tests');
    return running;
  };
  return {
    sim,
    open: async (path) => {
      const socket = await openTestSocket(`${sim().wsUrl}${path}`);
      sockets.push(socket);
      return socket;
    },
  };
}
