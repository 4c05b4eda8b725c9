import type { ConnectionStatus } from '../contracts/ports';
import { formatAge } from './format-age';

export type ConnectionTone = 'live' | 'stale' | 'connecting' | 'down' | 'idle';

/**
 * How one exchange's data is doing, in a word and its age: "live · 0.4 s", "stale · 42 s". A stale
 * connection is never called live, whatever its socket state.
 */
export function describeConnection(status: ConnectionStatus | undefined): {
  tone: ConnectionTone;
  text: string;
} {
  if (status === undefined) return { tone: 'connecting', text: 'connecting' };
  const age = status.dataAgeMs === undefined ? '' : ` · ${formatAge(status.dataAgeMs)}`;
  if (status.state === 'down') return { tone: 'down', text: `down${age}` };
  if (status.stale) return { tone: 'stale', text: `stale${age}` };
  if (status.state === 'live') return { tone: 'live', text: `live${age}` };
  return { tone: status.state, text: status.state };
}
