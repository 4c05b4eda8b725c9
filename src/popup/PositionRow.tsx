import { useId, useState } from 'react';
import { useStore } from 'zustand';
import type { PositionView } from '../contracts/portfolio';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { formatPrice } from '../ui/format-price';
import { formatSignedAmount, formatSignedPercent, signTone } from '../ui/format-signed';
import { formatByStep, formatPriceByTick } from '../ui/format-step';
import { accountStale } from './connection-health';
import { CloseButton } from './CloseButton';
import { keptFromBefore } from './positions-known';
import { NoticeLine } from './NoticeLine';
import { useIsFocused } from './focus-context';
import { instrumentKey, positionKey } from '../contracts/instrument-key';
import { ProtectionPanel } from './ProtectionPanel';
import { RiskLine } from './RiskLine';
import { protectionWords } from './protection-words';
import { noticeRow, type PopupStore } from './store';
import { AlertBell, useRowAlert } from './AlertBell';
import { PositionAlertForm } from './RowAlertForms';
import { liquidationShown } from './trigger-verdict';

const SIDE_WORDS = { long: 'Long', short: 'Short' } as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The position's protection in words, and what is on its way: "Stop 61,250.0 · Setting target…". */
function ProtectionLine({
  store,
  position,
  tickSize,
}: {
  store: PopupStore;
  position: PositionView;
  tickSize: string | undefined;
}) {
  const key = positionKey(position);
  // Joined into one string: a selector's answer must compare equal while nothing changed.
  const underway = useStore(store, (state) =>
    Object.values(state.protecting)
      .filter((pending) => pending.about === key)
      .map((pending) => pending.words)
      .join(' · '),
  );
  const { text, warning } = protectionWords(position.protection, tickSize);
  return (
    <p className="perch-protection">
      <span className={warning ? 'perch-warning' : undefined}>{text}</span>
      <span className="perch-muted" aria-live="polite">
        {underway === '' ? '' : ` · ${underway}`}
      </span>
    </p>
  );
}

function Pnl({ position }: { position: PositionView }) {
  const amount = position.pnlUsd ?? position.pnl;
  if (amount === undefined) return <p className="perch-pnl perch-muted">PnL not known yet</p>;
  const unit = position.pnlUsd === undefined ? (position.settleCoin ?? '') : 'USD';
  return (
    <p className={`perch-pnl ${signTone(amount)}`}>
      PnL {formatSignedAmount(amount, unit)}
      {position.pnlPercent === undefined ? '' : ` (${formatSignedPercent(position.pnlPercent)})`}
    </p>
  );
}

/**
 * One open position, its figures by the instrument's tick and lot size, its protection in words, its close
 * button and protect panel, and the answer to its last action: a refusal stays under the figures while
 * they follow the position as it now is.
 */
export function PositionRow({ store, position }: { store: PopupStore; position: PositionView }) {
  const key = positionKey(position);
  const quote = useStore(store, (state) => state.quotes[instrumentKey(position)]);
  const stale = useStore(store, (state) => accountStale(state.connections, state.account, position.exchange));
  const kept = useStore(store, (state) => keptFromBefore(state.account, position.exchange));
  const confirm = useStore(store, (state) => state.closeConfirm);
  const pending = useStore(store, (state) => state.closing[key] === true);
  const notice = useStore(store, (state) => (noticeRow(state) === key ? state.notice : undefined));
  const price = (value: string | undefined) =>
    value === undefined ? '—' : formatPriceByTick(value, quote?.tickSize);
  const size =
    quote?.lotSize === undefined
      ? formatPrice(position.sizeContracts)
      : formatByStep(position.sizeContracts, quote.lotSize);
  const name = `${EXCHANGE_NAMES[position.exchange]} ${position.symbol}`;
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const focused = useIsFocused(position.exchange, position);
  const { id: alertId, open: alertOpen, bell, toggle: toggleAlert, close: closeAlert } = useRowAlert();
  const details = [
    SIDE_WORDS[position.side],
    position.leverage === undefined ? undefined : `${position.leverage}x`,
    position.marginMode,
  ].filter((word) => word !== undefined);
  return (
    <li
      className={`perch-position${stale ? ' perch-stale' : ''}`}
      data-exchange={position.exchange}
      data-symbol={position.symbol}
      data-slot={position.slot}
      aria-current={focused ? 'true' : undefined}
    >
      <div className="perch-position-head">
        <span className="perch-exchange">{EXCHANGE_NAMES[position.exchange]}</span>
        <span className="perch-symbol">{position.symbol}</span>
        <span className={`perch-side perch-side-${position.side}`}>{details.join(' · ')}</span>
        {stale ? <span className="perch-stale-tag">stale</span> : null}
        {/* A kept row may be a position closed since: no order is offered on it until the exchange lists it. */}
        {kept ? null : (
          <CloseButton
            what={`${name} ${position.side}`}
            confirm={confirm}
            pending={pending}
            onClose={() => void store.getState().closePosition(position)}
          />
        )}
      </div>
      {kept ? (
        <p className="perch-muted perch-kept">
          Kept from before Perch restarted; checking it with {EXCHANGE_NAMES[position.exchange]}. Close comes
          back once {EXCHANGE_NAMES[position.exchange]} confirms it.
        </p>
      ) : null}
      <dl className="perch-figures">
        <Figure label="Size" value={size} />
        <Figure label="Entry" value={price(position.entryPrice)} />
        <Figure label="Mark" value={price(position.markPrice)} />
        <Figure label="Liq." value={price(liquidationShown(position.liquidationPrice))} />
      </dl>
      <Pnl position={position} />
      <RiskLine store={store} position={position} />
      <ProtectionLine store={store} position={position} tickSize={quote?.tickSize} />
      {kept ? null : (
        <button
          type="button"
          className="perch-secondary perch-protect-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`Protect ${name} ${position.side}`}
          onClick={() => {
            setOpen(!open);
          }}
        >
          Protect
        </button>
      )}
      {open && !kept ? (
        <ProtectionPanel
          id={panelId}
          store={store}
          position={position}
          what={`${name} ${position.side}`}
          quote={quote}
        />
      ) : null}
      {/* After the protect panel: each disclosure is followed by what it opens. */}
      <AlertBell
        what={`${name} ${position.side}`}
        ref={bell}
        open={alertOpen}
        controls={alertId}
        onToggle={toggleAlert}
      />
      {alertOpen ? (
        <PositionAlertForm
          id={alertId}
          store={store}
          what={`${name} ${position.side}`}
          position={position}
          onClose={closeAlert}
        />
      ) : null}
      <NoticeLine notice={notice} />
    </li>
  );
}
