import type * as z from 'zod/mini';
import * as zm from 'zod/mini';
import { InvalidResponseError } from '../errors';
import type { RestResult } from './http-types';

/** Validates an unwrapped result at the boundary; a shape the exchange does not document is an InvalidResponseError. */
export function parseResultData<T>(schema: z.ZodMiniType<T>, result: RestResult<unknown>): RestResult<T> {
  return { ...result, data: parseAt(schema, result.data, result) };
}

/** Validates the whole parsed body (for fields outside the data, such as Bybit's envelope `time`). */
export function parseResultRaw<T>(schema: z.ZodMiniType<T>, result: RestResult<unknown>): T {
  return parseAt(schema, result.raw, result);
}

function parseAt<T>(schema: z.ZodMiniType<T>, value: unknown, result: RestResult<unknown>): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new InvalidResponseError(result.endpoint, result.httpStatus, `unexpected shape (${where})`, value);
}

/** `{a: optional string, b: optional string, …}`: most exchange fields are decimal strings that may be absent. */
export function optionalStrings<const Keys extends readonly string[]>(
  ...keys: Keys
): { [Key in Keys[number]]: z.ZodMiniOptional<z.ZodMiniString> } {
  return Object.fromEntries(keys.map((key) => [key, zm.optional(zm.string())])) as {
    [Key in Keys[number]]: z.ZodMiniOptional<z.ZodMiniString>;
  };
}
