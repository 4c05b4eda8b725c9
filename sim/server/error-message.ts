/** What was thrown, as text. The simulator's own copy: it imports nothing from src/ (docs/architecture.md "What may import what"). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
