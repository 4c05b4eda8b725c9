import { useCallback, useState, type SyntheticEvent } from 'react';
import { errorMessage } from '../contracts/perch-error';

/** Why an action failed: the background's error name (to place it at a field) and its words. */
export interface ActionFailure {
  readonly name: string;
  readonly message: string;
}

/**
 * Runs one form's action: `pending` while it runs (its button says so and is disabled), and the
 * failure in words when it rejects. The form's typed values are not touched either way.
 */
export function useAction() {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ActionFailure>();
  const run = useCallback(async (action: () => Promise<void>) => {
    setPending(true);
    setFailure(undefined);
    try {
      await action();
    } catch (error) {
      setFailure({ name: error instanceof Error ? error.name : 'Error', message: errorMessage(error) });
    } finally {
      setPending(false);
    }
  }, []);
  return { pending, failure, setFailure, run };
}

/** The failure's words when it is the named error (shown at its field), else undefined. */
export const failureAt = (failure: ActionFailure | undefined, ...names: string[]) =>
  failure !== undefined && names.includes(failure.name) ? failure.message : undefined;

/** The failure's words when no field shows it. */
export const failureElsewhere = (failure: ActionFailure | undefined, ...fieldNames: string[]) =>
  failure !== undefined && !fieldNames.includes(failure.name) ? failure.message : undefined;

/** A form's submit handler: the page stays put and `then` runs. */
export const onSubmitted = (then: () => void) => (event: SyntheticEvent) => {
  event.preventDefault();
  then();
};
