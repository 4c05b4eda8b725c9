import { useId, useState } from 'react';
import { useStore } from 'zustand';
import type { PositionView } from '../contracts/portfolio';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import { formatPriceByTick } from '../ui/format-step';
import { Figure } from '../ui/Figure';
import { SignedPnl } from '../ui/SignedPnl';
import { StatusPill } from '../ui/StatusPill';
import { LiquidationFigure, ProtectionPill } from './PositionFigures';
import { sizeShown } from './position-size';
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

const SIDE_WORDS = { long: 'Long', short: 'Short' } as const;

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
    <p className="perch-protection" data-field="protection">
      <span className={warning ? 'perch-warning' : undefined}>{text}</span>
      <span className="perch-muted" aria-live="polite">
        {underway === '' ? '' : ` · ${underway}`}
      </span>
    </p>
  );
}

/** The row's PnL, its biggest figure: in USD where known, else the settle coin. */
function RowPnl({ position }: { position: PositionView }) {
  const amount = position.pnlUsd ?? position.pnl;
  const unit = position.pnlUsd === undefined ? (position.settleCoin ?? '') : 'USD';
  return (
    <span className="perch-pnl" data-field="pnl">
      <SignedPnl
        amount={amount}
        unit={unit}
        percent={position.pnlPercent}
        size="lg"
        unknown="PnL not known yet"
      />
    </span>
  );
}

export interface PositionRowProps {
  readonly store: PopupStore;
  readonly position: PositionView;
}

/**
 * One open position on two aligned lines (who and which way, PnL biggest; size, entry → mark, liquidation
 * distance, protection), its close button, and its details on expand: risk, protection controls, alerts.
 * The answer to its last action stays on the row while the figures follow the position as it now is.
 */
export function PositionRow({ store, position }: PositionRowProps) {
  const key = positionKey(position);
  const quote = useStore(store, (state) => state.quotes[instrumentKey(position)]);
  const stale = useStore(store, (state) => accountStale(state.connections, state.account, position.exchange));
  const kept = useStore(store, (state) => keptFromBefore(state.account, position.exchange));
  const confirm = useStore(store, (state) => state.closeConfirm);
  const pending = useStore(store, (state) => state.closing[key] === true);
  const notice = useStore(store, (state) => (noticeRow(state) === key ? state.notice : undefined));
  const risk = useStore(store, (state) => state.risk);
  const price = (value: string | undefined) =>
    value === undefined ? '—' : formatPriceByTick(value, quote?.tickSize);
  const size = sizeShown(position, quote?.lotSize);
  const name = `${EXCHANGE_NAMES[position.exchange]} ${position.symbol}`;
  const what = `${name} ${position.side}`;
  const panelId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  // The side panel marks the row of the chart beside it; the popup has no chart, so no row.
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
      data-stale={stale ? 'true' : undefined}
      aria-current={focused ? 'true' : undefined}
    >
      <div className="perch-position-head">
        <span className="perch-instrument">
          <span className="perch-instrument-top">
            <span className="perch-exchange">{EXCHANGE_NAMES[position.exchange]}</span>
            <span className={`perch-side perch-side-${position.side}`} data-field="details">
              {details.join(' · ')}
            </span>
            {stale ? <StatusPill tone="stale">stale</StatusPill> : null}
          </span>
          <span className="perch-symbol">{position.symbol}</span>
        </span>
        <RowPnl position={position} />
      </div>
      <dl className="perch-figures">
        <Figure label="Size" value={size.value} unit={size.unit} note={size.note} />
        <Figure label="Entry → Mark" value={`${price(position.entryPrice)} → ${price(position.markPrice)}`} />
        <LiquidationFigure position={position} risk={risk} price={price} />
      </dl>
      {kept ? (
        <p className="perch-muted perch-kept">
          Kept from before Perch restarted; checking it with {EXCHANGE_NAMES[position.exchange]}. Close comes
          back once {EXCHANGE_NAMES[position.exchange]} confirms it.
        </p>
      ) : null}
      <div className="perch-row-actions">
        {/* On the actions' line, where a missing stop is acted on: the figures above keep room for the prices. */}
        <span className="perch-row-status">
          <ProtectionPill protection={position.protection} />
        </span>
        <button
          type="button"
          className="perch-secondary perch-disclosure"
          aria-expanded={expanded}
          aria-controls={detailsId}
          aria-label={`Details of ${what}`}
          onClick={() => {
            setExpanded(!expanded);
          }}
        >
          Details
        </button>
        {/* A kept row may be a position closed since: no order is offered on it until the exchange lists it. */}
        {kept ? null : (
          <CloseButton
            what={what}
            confirm={confirm}
            pending={pending}
            onClose={() => void store.getState().closePosition(position)}
          />
        )}
      </div>
      <NoticeLine notice={notice} />
      {/* Hidden, not unmounted: an open protect form keeps what was typed while the details are folded. */}
      <div id={detailsId} className="perch-position-details" hidden={!expanded}>
        <RiskLine store={store} position={position} />
        <ProtectionLine store={store} position={position} tickSize={quote?.tickSize} />
        {kept ? null : (
          <button
            type="button"
            className="perch-secondary perch-protect-toggle"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={`Protect ${what}`}
            onClick={() => {
              setOpen(!open);
            }}
          >
            Protect
          </button>
        )}
        {open && !kept ? (
          <ProtectionPanel id={panelId} store={store} position={position} what={what} quote={quote} />
        ) : null}
        {/* After the protect panel: each disclosure is followed by what it opens. */}
        <AlertBell what={what} ref={bell} open={alertOpen} controls={alertId} onToggle={toggleAlert} />
        {alertOpen ? (
          <PositionAlertForm
            id={alertId}
            store={store}
            what={what}
            position={position}
            onClose={closeAlert}
          />
        ) : null}
      </div>
    </li>
  );
}
