import { useId, useState, type SyntheticEvent } from 'react';
import { useStore } from 'zustand';
import type { PositionView } from '../contracts/portfolio';
import { pendingKey } from './protection-requests';
import type { PopupStore } from './store';
import { trailingVerdict, type TrailingMode } from './trailing-verdict';
import { VerdictLine } from './VerdictLine';

/** A trailing stop for the whole position: a distance or a %, optionally from an activation price. */
export function TrailingForm({ store, position }: { store: PopupStore; position: PositionView }) {
  const id = useId();
  const [mode, setMode] = useState<TrailingMode>('distance');
  const [typed, setTyped] = useState('');
  const [activation, setActivation] = useState('');
  const pending = useStore(store, (state) => state.protecting[pendingKey(position, 'trailing')]);
  const verdict = typed.trim() === '' ? undefined : trailingVerdict(mode, typed, activation);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (verdict?.ok !== true || pending !== undefined) return;
    void store
      .getState()
      .protect(position, { type: 'trail', by: verdict.by, activationPrice: verdict.activationPrice });
    setTyped('');
    setActivation('');
  }

  const sends =
    verdict?.ok !== true
      ? undefined
      : `Trails ${typed.trim()}${mode === 'percent' ? ' %' : ''} behind the best price${
          verdict.activationPrice === undefined ? '' : `, from ${verdict.activationPrice}`
        }.`;
  return (
    <form className="perch-protect-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Trailing stop</legend>
        <div className="perch-protect-fields">
          <label>
            By{' '}
            <select
              value={mode}
              onChange={(event) => {
                setMode(event.target.value as TrailingMode);
              }}
            >
              <option value="distance">price distance</option>
              <option value="percent">%</option>
            </select>
          </label>
          <label htmlFor={`${id}-value`}>
            {mode === 'percent' ? 'Trailing distance, in %' : 'Trailing distance'}
          </label>
          <input
            id={`${id}-value`}
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            aria-describedby={`${id}-verdict`}
            aria-invalid={verdict?.ok === false}
            onChange={(event) => {
              setTyped(event.target.value);
            }}
          />
          <label htmlFor={`${id}-activation`}>Activation price (optional)</label>
          <input
            id={`${id}-activation`}
            inputMode="decimal"
            autoComplete="off"
            value={activation}
            onChange={(event) => {
              setActivation(event.target.value);
            }}
          />
        </div>
        <VerdictLine id={`${id}-verdict`} verdict={verdict} sends={sends} />
        <button type="submit" disabled={pending !== undefined}>
          {pending?.words ?? 'Set trailing stop'}
        </button>
      </fieldset>
    </form>
  );
}
