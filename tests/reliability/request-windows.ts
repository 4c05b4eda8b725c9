import type { LoggedRequest } from '../../sim/admin/request-log';
import { BYBIT_WINDOW_MS, bybitLimitOf, OKX_WINDOW_MS, okxLimitOf } from '../../sim/limits/limit-table';

/** Bybit's per-IP budget across every endpoint (docs/protocol.md "Bybit rate limits"); the simulator does not enforce it. */
const BYBIT_IP_LIMIT = 600;
const BYBIT_IP_WINDOW_MS = 5_000;

/** The answers that mean "too many": HTTP 429, OKX 50011, Bybit 10006. */
export const isRateRefusal = (request: LoggedRequest): boolean =>
  request.status === 429 || request.code === '50011' || request.code === '10006';

export interface EndpointWindows {
  /** `okx GET /api/v5/account/positions` */
  readonly endpoint: string;
  readonly requests: number;
  /**
   * The most requests in any window of the exchange's length (OKX 2 s, Bybit 1 s), wherever it starts:
   * stricter than the simulator's windows, which start on whole multiples, and what Bybit's rolling
   * windows count.
   */
  readonly worst: number;
  readonly limit: number;
}

export interface BudgetReport {
  readonly endpoints: readonly EndpointWindows[];
  /** The most Bybit requests in any 5 s (rolling), against the 600 Bybit allows one address. */
  readonly bybitIpWorst: number;
  readonly refusals: readonly LoggedRequest[];
}

/** Every exchange REST request the simulator answered (GET /__sim/requests). */
export async function readRequestLog(simUrl: string): Promise<readonly LoggedRequest[]> {
  const response = await fetch(`${simUrl}/__sim/requests`);
  return ((await response.json()) as { requests: LoggedRequest[] }).requests;
}

function worstRolling(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let worst = 0;
  let first = 0;
  sorted.forEach((at, last) => {
    while ((sorted[first] ?? at) <= at - windowMs) first += 1;
    worst = Math.max(worst, last - first + 1);
  });
  return worst;
}

/** Requests per endpoint and their worst window, counted as the simulator's limiter counts them. */
export function budgetReport(log: readonly LoggedRequest[]): BudgetReport {
  const byEndpoint = new Map<string, LoggedRequest[]>();
  for (const request of log) {
    const key = `${request.exchange} ${request.method} ${request.path}`;
    byEndpoint.set(key, [...(byEndpoint.get(key) ?? []), request]);
  }
  const endpoints = [...byEndpoint.entries()].map(([endpoint, requests]) => {
    const [first] = requests;
    const okx = first?.exchange === 'okx';
    const windowMs = okx ? OKX_WINDOW_MS : BYBIT_WINDOW_MS;
    const limit = okx ? okxLimitOf(first.method, first.path) : bybitLimitOf(first?.path ?? '');
    const worst = worstRolling(
      requests.map((request) => request.at),
      windowMs,
    );
    return { endpoint, requests: requests.length, worst, limit };
  });
  const bybitTimes = log.filter((request) => request.exchange === 'bybit').map((request) => request.at);
  return {
    endpoints: endpoints.sort((a, b) => a.endpoint.localeCompare(b.endpoint)),
    bybitIpWorst: worstRolling(bybitTimes, BYBIT_IP_WINDOW_MS),
    refusals: log.filter(isRateRefusal),
  };
}

/** Every window of every endpoint within the simulator's limit, and Bybit's address within its 600. */
export function overBudget(report: BudgetReport): readonly string[] {
  const over = report.endpoints
    .filter((entry) => entry.worst > entry.limit)
    .map((entry) => `${entry.endpoint}: ${String(entry.worst)} > ${String(entry.limit)}`);
  return report.bybitIpWorst > BYBIT_IP_LIMIT
    ? [...over, `bybit per IP: ${String(report.bybitIpWorst)} > ${String(BYBIT_IP_LIMIT)} in 5 s`]
    : over;
}

/** "okx positions 10 (worst 10/10)", one per endpoint: the figures a scenario row records. */
export function describeWindows(report: BudgetReport): string {
  const endpoints = report.endpoints.map((entry) => {
    const name = entry.endpoint.replace(/^(\w+) \w+ \/(api\/)?v5\//, '$1 ');
    return `${name} ${String(entry.requests)} (worst ${String(entry.worst)}/${String(entry.limit)})`;
  });
  return `${endpoints.join(', ')}; Bybit per IP worst ${String(report.bybitIpWorst)}/${String(BYBIT_IP_LIMIT)} in 5 s`;
}
