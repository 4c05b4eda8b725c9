/**
 * The one base of Perch's errors and the one way to word what was thrown. It imports nothing, so it is
 * the single piece of src/exchanges that src/contracts may import as a value (docs/architecture.md "What
 * may import what"): the worker's errors and the pages' PerchError share it.
 */

/** An Error whose `name` says which it is. */
export abstract class NamedError extends Error {
  abstract override readonly name: string;
}

/** What was thrown, as text: an Error's own message, anything else as a string. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
