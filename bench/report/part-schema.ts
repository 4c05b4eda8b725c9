import * as z from 'zod/mini';
import type { PartResult } from './figures';

const figure = z.object({
  id: z.string(),
  label: z.string(),
  value: z.number(),
  unit: z.string(),
  note: z.optional(z.string()),
});

const target = z.object({
  id: z.string(),
  label: z.string(),
  goal: z.string(),
  measured: z.number(),
  unit: z.string(),
  met: z.boolean(),
});

/** What a part run in its own process wrote: read back through this, so a broken part says so. */
export const partResultSchema = z.object({
  part: z.string(),
  figures: z.array(figure),
  ratios: z.record(z.string(), z.number()),
  ratioNotes: z.optional(z.record(z.string(), z.string())),
  targets: z.array(target),
  notes: z.array(z.string()),
});

export function parsePartResult(json: unknown, source: string): PartResult {
  const parsed = partResultSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`${source} wrote results the report cannot read: ${parsed.error.message}`);
  return parsed.data;
}
