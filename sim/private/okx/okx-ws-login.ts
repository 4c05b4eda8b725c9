import { okxKeyOf } from '../../auth/credentials.js';
import { OKX_LOGIN_ERRORS, verifyOkxLogin } from '../../auth/ws-login.js';
import type { SimContext } from '../../server/context.js';
import type { SocketSession } from '../../server/sockets.js';

const LOGGED_IN = 'okx.loggedIn';

export const isOkxLoggedIn = (session: SocketSession): boolean => session.state.get(LOGGED_IN) === true;

/**
 * Answers an OKX `login` op on any OKX socket (private, and business/public for the channels that
 * need it): `{"event":"login","code":"0"}` or an `error` event with 60005/60006/60007/60009/60024 (docs/protocol.md "OKX sockets").
 */
export function handleOkxLogin(ctx: SimContext, session: SocketSession, args: unknown): void {
  const result = verifyOkxLogin(args, (apiKey) => okxKeyOf(ctx, apiKey), ctx.now());
  if (result.ok) {
    session.state.set(LOGGED_IN, true);
    session.send({ event: 'login', code: '0', msg: '', connId: session.id });
    return;
  }
  const { code, msg } = OKX_LOGIN_ERRORS[result.reason];
  session.send({ event: 'error', code, msg, connId: session.id });
}
