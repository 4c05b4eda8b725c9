import type { MessageHandlers } from '../../platform/message-dispatch';

export interface PingDeps {
  readonly version: string;
  readonly workerStartedAt: number;
  readonly now: () => number;
}

export function createPingHandler(deps: PingDeps): MessageHandlers['ping'] {
  return () =>
    Promise.resolve({
      version: deps.version,
      workerStartedAt: deps.workerStartedAt,
      answeredAt: deps.now(),
    });
}
