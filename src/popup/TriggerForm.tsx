import { useId, useState, type SyntheticEvent } from 'react';
import { useStore } from 'zustand';
import type { PositionView, ProtectionLegView } from '../contracts/portfolio';
import { formatPriceByTick } from '../ui/format-step';
import { pendingKey } from './protection-requests';
import type { PopupStore } from './store';
import { triggerVerdict, type TriggerMode } from './trigger-verdict';
import { VerdictLine } from './VerdictLine';

const ROLE_NAMES = { stop: 'Stop', target: 'Target' } as const;

export interface TriggerFormProps {
  readonly store: PopupStore;
  readonly position: PositionView;
  readonly role: 'stop' | 'target';
  /** The waiting leg of this role: the form moves it instead of setting a new one. */
  readonly leg: ProtectionLegView | undefined;
  readonly markPrice: string | undefined;
  readonly tickSize: string | undefined;
}

/**
 * Sets or moves a stop or a target: a typed price, or a distance from the entry in % or in PnL, checked
 * as it is typed. A stop beyond the liquidation price is sent only on a second press.
 */
export function TriggerForm({ store, position, role, leg, markPrice, tickSize }: TriggerFormProps) {
  const id = useId();
  const [mode, setMode] = useState<TriggerMode>('price');
  const [typed, setTyped] = useState('');
  const [triggerBy, setTriggerBy] = useState<'mark' | 'last'>('mark');
  const [confirming, setConfirming] = useState(false);
  const pending = useStore(store, (state) => state.protecting[pendingKey(position, role)]);
  const name = ROLE_NAMES[role];
  const verdict =
    typed.trim() === '' ? undefined : triggerVerdict({ role, position, mode, typed, markPrice, tickSize });
  const price = (value: string) => formatPriceByTick(value, tickSize);
  const verb = leg === undefined ? 'Set' : 'Move';

  function edit(next: () => void) {
    next();
    setConfirming(false);
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (verdict?.ok !== true || pending !== undefined) return;
    if (verdict.warning !== undefined && !confirming) {
      setConfirming(true);
      return;
    }
    const triggerPrice = verdict.price;
    void store
      .getState()
      .protect(
        position,
        leg === undefined
          ? { type: 'set', role, triggerPrice, triggerBy }
          : { type: 'move', leg, triggerPrice },
      );
    setTyped('');
    setConfirming(false);
  }

  const label = {
    price: `${name} price`,
    percent: `${name} distance from the entry, in %`,
    pnl: `${name} distance from the entry, as PnL in ${position.settleCoin ?? 'the settle coin'}`,
  }[mode];
  const button = pending?.words ?? (confirming ? `Confirm ${role} beyond liquidation` : `${verb} ${role}`);
  return (
    <form className="perch-protect-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{leg === undefined ? name : `${name} (waiting at ${price(leg.triggerPrice ?? '')})`}</legend>
        <div className="perch-protect-fields">
          <label>
            By{' '}
            <select
              value={mode}
              onChange={(event) => {
                edit(() => {
                  setMode(event.target.value as TriggerMode);
                });
              }}
            >
              <option value="price">price</option>
              <option value="percent">% from entry</option>
              <option value="pnl">PnL</option>
            </select>
          </label>
          <label htmlFor={`${id}-value`}>{label}</label>
          <input
            id={`${id}-value`}
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            aria-describedby={`${id}-mark ${id}-verdict`}
            aria-invalid={verdict?.ok === false}
            onChange={(event) => {
              edit(() => {
                setTyped(event.target.value);
              });
            }}
          />
          {leg === undefined ? (
            <label>
              Trigger by{' '}
              <select
                value={triggerBy}
                onChange={(event) => {
                  setTriggerBy(event.target.value as 'mark' | 'last');
                }}
              >
                <option value="mark">mark price</option>
                <option value="last">last price</option>
              </select>
            </label>
          ) : null}
        </div>
        <p id={`${id}-mark`} className="perch-muted">
          Mark {markPrice === undefined ? 'not known yet' : price(markPrice)}
          {position.entryPrice === undefined ? '' : ` · Entry ${price(position.entryPrice)}`}
        </p>
        <VerdictLine
          id={`${id}-verdict`}
          verdict={verdict}
          sends={verdict?.ok === true ? `${verb}s the ${role} at ${price(verdict.price)}.` : undefined}
          confirming={confirming}
        />
        <button type="submit" disabled={pending !== undefined}>
          {button}
        </button>
      </fieldset>
    </form>
  );
}
