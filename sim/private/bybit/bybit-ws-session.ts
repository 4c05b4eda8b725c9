import type { SocketSession } from '../../server/sockets.js';

/** Per-connection Bybit state kept in the session's state map. */
const AUTHED = 'bybit.authed';

export const isBybitAuthed = (session: SocketSession): boolean => session.state.get(AUTHED) === true;
export const markBybitAuthed = (session: SocketSession): void => {
  session.state.set(AUTHED, true);
};

export type WsMessage = Record<string, unknown>;

/** Parses a JSON object frame, or undefined for anything else. */
export function parseWsMessage(text: string): WsMessage | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as WsMessage)
      : undefined;
  } catch {
    return undefined;
  }
}
