import { STALE_AFTER_MS } from '../contracts/port-names';
import type { ConnectionStatus } from '../contracts/ports';
import { formatAge } from './format-age';

export type ConnectionTone = 'live' | 'stale' | 'connecting' | 'down' | 'idle';

/**
 * How one exchange's data is doing, in a word and its age: "live · 0.4 s", "stale · 42 s". Data older
 * than the stale rule is never called live, whatever its socket state: a socket that has just come back
 * reads stale until fresh data arrives.
 */
export function describeConnection(status: ConnectionStatus | undefined): {
  tone: ConnectionTone;
  text: string;
} {
  if (status === undefined) return { tone: 'connecting', text: 'connecting' };
  const age = status.dataAgeMs === undefined ? '' : ` · ${formatAge(status.dataAgeMs)}`;
  if (status.state === 'down') return { tone: 'down', text: `down${age}` };
  const old = status.dataAgeMs !== undefined && status.dataAgeMs > STALE_AFTER_MS;
  if (status.stale || old) return { tone: 'stale', text: `stale${age}` };
  if (status.state === 'live') return { tone: 'live', text: `live${age}` };
  return { tone: status.state, text: status.state };
}
