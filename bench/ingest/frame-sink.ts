/** What each in-process implementation offers the runner: frames in, a proof that they were processed. */
export interface FrameSink {
  /** One text frame as the socket delivers it. */
  push(text: string): void;
  /** Model events (or updates) delivered so far. */
  delivered(): number;
  /** The best bid of the first instrument's book as the implementation holds it, to check it against the frames. */
  bestBid(): string | undefined;
}
