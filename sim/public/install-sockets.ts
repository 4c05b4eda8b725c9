import type { SimContext } from '../server/context';
import type { SocketSession } from '../server/sockets';
import { every } from '../server/time';
import { BybitPublisher } from './bybit-publisher';
import { createBybitPublicSocket } from './bybit-ws';
import { OKX_BUSINESS, OKX_PUBLIC, OkxPublisher } from './okx-channels';
import { createOkxPublicSocket } from './okx-ws';

/** Public sockets of both exchanges; returns the function that stops their market listeners. */
export function installPublicSockets(ctx: SimContext): () => void {
  const okx = new OkxPublisher(ctx);
  ctx.sockets.register(OKX_PUBLIC, createOkxPublicSocket(ctx, OKX_PUBLIC, okx));
  ctx.sockets.register(OKX_BUSINESS, createOkxPublicSocket(ctx, OKX_BUSINESS, okx));
  const bybit = new BybitPublisher(ctx);
  for (const category of ['spot', 'linear', 'inverse', 'option'] as const) {
    ctx.sockets.register(`/v5/public/${category}`, createBybitPublicSocket(ctx, category, bybit));
  }
  const stopOkx = ctx.market.subscribe(okx.onEvent);
  const stopBybit = ctx.market.subscribe(bybit.onEvent);
  const stopLevelOne = every(ctx.timers, 500, () => {
    bybit.repeatLevelOne();
  });
  return () => {
    stopOkx();
    stopBybit();
    stopLevelOne();
  };
}

/** OKX 64008 (docs/protocol.md "OKX sockets"): sent about 30 s before a service upgrade closes the connection. */
export function sendOkxMaintenanceNotice(ctx: SimContext): void {
  ctx.sockets.broadcast(['/ws/v5/public', '/ws/v5/private', '/ws/v5/business'], (session: SocketSession) => ({
    event: 'notice',
    code: '64008',
    msg: 'The connection will soon be closed for a service upgrade. Please reconnect.',
    connId: session.id,
  }));
}
