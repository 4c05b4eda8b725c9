/** How old data is, as a trader glances at it: "0.4 s", "42 s", "3 min", "2 h". */
export function formatAge(ageMs: number): string {
  const seconds = Math.max(0, ageMs) / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}
