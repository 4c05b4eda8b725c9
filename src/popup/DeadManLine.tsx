import { useStore } from 'zustand';
import { armedWords } from '../ui/dead-man-words';
import type { PopupStore } from './store';

/** One small line while the dead-man switch is armed; nothing otherwise. */
export function DeadManLine({ store }: { readonly store: PopupStore }) {
  const view = useStore(store, (state) => state.deadManSwitch);
  const armed = armedWords(view);
  const problem = view?.enabled === true ? view.problem : undefined;
  if (armed === undefined && problem === undefined) return null;
  return (
    <p className="perch-muted perch-dead-man" data-testid="dead-man-switch">
      {armed ?? `Dead-man switch not armed: ${problem ?? ''}`}
    </p>
  );
}
