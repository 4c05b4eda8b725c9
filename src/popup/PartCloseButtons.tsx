import { useId, useState, type SyntheticEvent } from 'react';
import { useStore } from 'zustand';
import { positionKey } from '../contracts/instrument-key';
import type { PositionView } from '../contracts/portfolio';
import { PART_CLOSE_PERCENTS, partCloseSize, type RuleVerdict } from '../contracts/protection-rules';
import type { PortQuote } from '../contracts/ports';
import { pendingKey } from './protection-requests';
import type { PopupStore } from './store';
import { VerdictLine } from './VerdictLine';

type Part = { readonly percent: number } | { readonly size: string };

/** How much a part close sends, by the market's lot and minimum sizes; refused while they are unknown. */
function partVerdict(
  position: PositionView,
  quote: PortQuote | undefined,
  part: Part,
): RuleVerdict<{ readonly size: string }> {
  const { lotSize, minSize } = quote ?? {};
  if (lotSize === undefined || minSize === undefined) {
    return {
      ok: false,
      message: "Perch does not know this market's order sizes yet; try again in a moment.",
    };
  }
  return partCloseSize({ positionSize: position.sizeContracts, lotSize, minSize, part });
}

export interface PartCloseProps {
  readonly store: PopupStore;
  readonly position: PositionView;
  readonly quote: PortQuote | undefined;
}

/**
 * Closes 25, 50 or 75 % of the position, or a typed size, at market; 100 % is the row's own close.
 * Each size is rounded down to the lot size and refused in words below the minimum or above the position.
 */
export function PartCloseButtons({ store, position, quote }: PartCloseProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [pressed, setPressed] = useState<RuleVerdict<{ readonly size: string }> | undefined>(undefined);
  const pending = useStore(store, (state) => state.protecting[pendingKey(position, 'close-part')]);
  const closing = useStore(store, (state) => state.closing[positionKey(position)] === true);
  const typedVerdict = typed.trim() === '' ? undefined : partVerdict(position, quote, { size: typed });
  const shown = typedVerdict ?? pressed;

  function close(part: Part) {
    const verdict = partVerdict(position, quote, part);
    setPressed(verdict);
    if (!verdict.ok || pending !== undefined) return;
    void store.getState().protect(position, { type: 'close-part', size: verdict.size });
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (typedVerdict?.ok !== true) return;
    close({ size: typed });
    setTyped('');
  }

  const busy = pending !== undefined;
  return (
    <form className="perch-protect-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Close part</legend>
        <div className="perch-part-buttons">
          {PART_CLOSE_PERCENTS.map((percent) => (
            <button
              key={percent}
              type="button"
              disabled={busy}
              onClick={() => {
                close({ percent });
              }}
            >
              {percent} %
            </button>
          ))}
          <button
            type="button"
            disabled={closing}
            onClick={() => void store.getState().closePosition(position)}
          >
            100 %
          </button>
        </div>
        <div className="perch-protect-fields">
          <label htmlFor={`${id}-size`}>Size to close</label>
          <input
            id={`${id}-size`}
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            aria-describedby={`${id}-verdict`}
            aria-invalid={typedVerdict?.ok === false}
            onChange={(event) => {
              setTyped(event.target.value);
            }}
          />
          <button type="submit" disabled={busy}>
            {pending?.words ?? 'Close size'}
          </button>
        </div>
        <VerdictLine
          id={`${id}-verdict`}
          verdict={shown}
          sends={shown?.ok === true ? `Closes ${shown.size} at market.` : undefined}
        />
      </fieldset>
    </form>
  );
}
