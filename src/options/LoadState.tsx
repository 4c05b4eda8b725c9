import { FormAlert } from './FormAlert';
import type { Loadable } from './store';

/** While `loadable` is on its way, says what is being read; when it failed, says so in words. */
export function LoadState({
  what,
  loadable,
}: {
  readonly what: string;
  readonly loadable: Loadable<unknown>;
}) {
  if (loadable.kind === 'loading') return <p role="status">{`Reading ${what}…`}</p>;
  if (loadable.kind === 'error') return <FormAlert message={`Cannot read ${what}: ${loadable.reason}`} />;
  return null;
}
