import { useCallback, useEffect, useRef, useState } from 'react';
import type { FlattenView } from '../contracts/flatten';
import { errorMessage } from '../contracts/perch-error';
import type { MessageClient } from '../platform/message-client';
import type { Timers } from './store';

/** How often the popup asks how a running "close everything" stands. */
export const FOLLOW_EVERY_MS = 500;

export interface FlattenRunState {
  /** The run the popup follows: undefined until one started or was found running. */
  readonly run: FlattenView | undefined;
  /** Why the background could not be asked, in words. */
  readonly problem: string | undefined;
  readonly start: () => void;
}

/**
 * Starts "close everything" and follows it by asking the background every FOLLOW_EVERY_MS until the
 * run ends. A run already going when the popup opens (started before, or resumed by a new worker) is
 * followed at once.
 */
export function useFlattenRun(client: MessageClient, timers: Timers): FlattenRunState {
  const [run, setRun] = useState<FlattenView | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const timer = useRef<unknown>(undefined);
  const live = useRef(true);

  const follow = useCallback(
    (view: FlattenView | null) => {
      if (!live.current || view === null) return;
      setRun(view);
      if (view.phase !== 'running') return;
      timer.current = timers.setTimeout(() => {
        client.send('flattenStatus', {}).then(
          (next) => {
            setProblem(undefined);
            follow(next);
          },
          // A worker that stopped mid-run starts again on the next message and carries the run on.
          (error: unknown) => {
            setProblem(errorMessage(error));
            follow(view);
          },
        );
      }, FOLLOW_EVERY_MS);
    },
    [client, timers],
  );

  useEffect(() => {
    live.current = true;
    client.send('flattenStatus', {}).then(
      (view) => {
        if (view?.phase === 'running') follow(view);
      },
      // Only a look for a run already going: the button still works, and says so if it cannot.
      () => undefined,
    );
    return () => {
      live.current = false;
      timers.clearTimeout(timer.current);
    };
  }, [client, timers, follow]);

  const start = useCallback(() => {
    setProblem(undefined);
    client.send('closeEverything', {}).then(follow, (error: unknown) => {
      setProblem(errorMessage(error));
    });
  }, [client, follow]);

  return { run, problem, start };
}
