import type {
  ClassifiedFrame,
  SocketCloseInfo,
  SocketHooks,
  WebSocketFactory,
  WebSocketLike,
} from './socket-types';
import { errorMessage } from '../errors';

/** What one connection reports to its manager. */
export interface ConnectionListener {
  opened(): void;
  control(frame: ClassifiedFrame): void;
  /** A frame that is no control reply (a push, a WS trade response), as parsed. */
  data(frame: unknown): void;
  /** Something went wrong that the manager reports as an error event; `reason` names the kind. */
  problem(reason: 'socket-error' | 'unparseable' | 'handler-error', detail: string): void;
  closed(info: SocketCloseInfo): void;
}

/** Close code for sockets we abandon; browsers accept only 1000 and 3000-4999 from scripts. */
const ABANDON_CODE = 4000;

const ignore = (): void => undefined;

/**
 * One WebSocket attempt. Text frames are parsed and classified by the exchange hooks; binary or unreadable frames,
 * socket errors and throwing listeners become `problem` reports, never exceptions in a socket callback.
 * Once abandoned it reports nothing more, so a late event from a replaced socket cannot leak through.
 */
export class SocketConnection {
  private readonly socket: WebSocketLike;
  private abandoned = false;

  /** Throws when the socket cannot even be created (bad URL). */
  constructor(
    createSocket: WebSocketFactory,
    url: string,
    private readonly hooks: Pick<SocketHooks, 'parse' | 'classify'>,
    private readonly listener: ConnectionListener,
  ) {
    const socket = createSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      listener.opened();
    };
    socket.onmessage = (event) => {
      this.receive(event.data);
    };
    socket.onerror = () => {
      // Both browsers and `ws` follow an error with a close event, which drives the reconnect.
      listener.problem('socket-error', 'reported a socket error');
    };
    socket.onclose = (event) => {
      listener.closed({ code: event.code, reason: event.reason });
    };
  }

  /** False when the socket refused the frame (already closing); the failure is reported. */
  send(text: string): boolean {
    return this.safely(() => {
      this.socket.send(text);
    });
  }

  /** Deliberate close: the close event still arrives through `closed`. */
  close(): void {
    this.safely(() => {
      this.socket.close(1000, 'closed by client');
    });
  }

  /** Stops listening and closes without waiting: a dead or replaced socket is simply dropped. */
  abandon(): void {
    if (this.abandoned) return;
    this.abandoned = true;
    // No-ops rather than null: `ws` re-emits an abort of a still-connecting socket as an 'error', which
    // would be thrown if nobody listened.
    this.socket.onopen = ignore;
    this.socket.onmessage = ignore;
    this.socket.onerror = ignore;
    this.socket.onclose = ignore;
    this.safely(() => {
      this.socket.close(ABANDON_CODE, 'replaced');
    });
  }

  private receive(data: unknown): void {
    let frame: unknown;
    let control: ClassifiedFrame | undefined;
    try {
      if (typeof data !== 'string') throw new Error('binary frame');
      frame = this.hooks.parse(data);
      control = this.hooks.classify(frame);
    } catch (error) {
      this.listener.problem('unparseable', `sent an unreadable message: ${errorMessage(error)}`);
      return;
    }
    try {
      if (control === undefined) this.listener.data(frame);
      else this.listener.control(control);
    } catch (error) {
      this.listener.problem('handler-error', `: a listener failed on a message: ${errorMessage(error)}`);
    }
  }

  private safely(run: () => void): boolean {
    try {
      run();
      return true;
    } catch (error) {
      this.listener.problem('socket-error', `: ${errorMessage(error)}`);
      return false;
    }
  }
}
