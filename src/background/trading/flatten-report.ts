import type { FlattenItem, FlattenView } from '../../contracts';
import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import { viewState, type FlattenExchangeRun, type FlattenRun } from './flatten-plan';

function count(n: number, one: string, many = `${one}s`): string {
  return `${String(n)} ${n === 1 ? one : many}`;
}

/** What is still open (or refused) on one exchange, named with the reason, after its part of a run ended. */
function leftOpen(run: FlattenExchangeRun): string[] {
  return [...run.positions, ...run.orders]
    .filter((item) => item.state === 'refused' || item.state === 'open')
    .map((item) => `${item.what}: ${item.words}`);
}

/** One exchange's outcome in a sentence or two: what was done, then what is still open and why. */
export function exchangeReport(run: FlattenExchangeRun): string {
  const name = EXCHANGE_NAMES[run.exchange];
  if (run.problem !== undefined) return `${name}: ${run.problem}`;
  if (run.note !== undefined) return `${name}: ${run.note}`;
  const closed = run.positions.filter((item) => item.state === 'closed').length;
  const gone = run.positions.filter((item) => item.state === 'gone').length;
  const cancelled = run.orders.filter((item) => item.state === 'cancelled').length;
  const done = [
    count(closed, 'position') + ' closed',
    ...(gone === 0 ? [] : [`${count(gone, 'position')} already closed`]),
    count(cancelled, 'order') + ' cancelled',
  ].join(', ');
  const open = leftOpen(run);
  if (open.length === 0) return `${name} is flat: ${done}.`;
  return `${name} is not flat: ${done}. Still open on ${name}: ${open.join(' ')}`;
}

/** The run's items as the popup lists them: each exchange's positions, then its orders. */
function items(run: FlattenRun): FlattenItem[] {
  return run.exchanges.flatMap((part): FlattenItem[] => {
    const { exchange } = part;
    const unseen = part.problem ?? part.note;
    if (unseen !== undefined) {
      const state = part.problem === undefined ? 'done' : 'open';
      return [
        { id: exchange, exchange, kind: 'exchange', what: EXCHANGE_NAMES[exchange], state, words: unseen },
      ];
    }
    const working = part.step === 'cancel' ? 'working' : undefined;
    return [
      ...part.positions.map((item): FlattenItem => ({
        id: item.clientOrderId,
        exchange,
        kind: 'position',
        what: item.what,
        state: viewState(item.state),
        words: item.words,
      })),
      ...part.orders.map((item): FlattenItem => ({
        id: `${exchange}:${item.orderId}`,
        exchange,
        kind: 'order',
        what: item.what,
        state: item.state === 'waiting' ? (working ?? 'waiting') : viewState(item.state),
        words: item.words,
      })),
    ];
  });
}

/** The run as the popup shows it; the report once every exchange's part has ended. */
export function flattenView(run: FlattenRun): FlattenView {
  const parts = run.exchanges;
  const flat = parts.every((part) => part.problem === undefined && leftOpen(part).length === 0);
  const report =
    run.phase === 'done'
      ? [
          flat ? 'Flat on every exchange Perch trades on.' : 'Not everything is closed: see below.',
          ...parts.map(exchangeReport),
        ]
      : [];
  return { runId: run.runId, phase: run.phase, startedAt: run.startedAt, items: items(run), report };
}
