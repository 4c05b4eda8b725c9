import { describe, expectTypeOf, it } from 'vitest';
import type NodeWebSocket from 'ws';
import type { WebSocketLike } from './socket-types';

describe('WebSocketLike', () => {
  it("is satisfied by the browser's WebSocket and by the ws package", () => {
    expectTypeOf<WebSocket>().toExtend<WebSocketLike>();
    expectTypeOf<NodeWebSocket>().toExtend<WebSocketLike>();
  });

  it('is not satisfied by an object without the handlers', () => {
    expectTypeOf<{ send(data: string): void }>().not.toExtend<WebSocketLike>();
  });
});
