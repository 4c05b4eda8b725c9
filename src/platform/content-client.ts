import type { contentContracts } from '../contracts/content';
import type { ResponseOf } from '../contracts/define';
import { PERCH_ERROR_NAMES, PerchError, type PerchErrorName } from '../contracts/perch-error';
import { BACKGROUND_STOPPED } from './background-stopped';
import type { MessageClient, SendRaw } from './message-client';
import { sendOverRuntime } from './runtime-send';

export type ContentContracts = typeof contentContracts;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isErrorName = (name: unknown): name is PerchErrorName =>
  (PERCH_ERROR_NAMES as readonly unknown[]).includes(name);

/**
 * The content script's client: only the messages a charting page's script may send. Unlike the extension
 * pages' client it loads no schema: the worker checks every request against its contract (a content
 * script is the least trusted sender it has), and only Perch's own worker answers a content script's
 * runtime message, so its replies are taken as the contract's type once their envelope is checked here.
 * zod and the contracts were most of the overlay's 15 KB budget (docs/overlay.md "Size").
 */
export function createContentClient(sendRaw: SendRaw = sendOverRuntime): MessageClient<ContentContracts> {
  return {
    async send(name, request) {
      const raw = await sendRaw({ perch: 1, name, payload: request }).catch(() => {
        throw new PerchError('BackgroundStoppedError', BACKGROUND_STOPPED);
      });
      if (isRecord(raw) && raw.ok === true && 'data' in raw)
        return raw.data as ResponseOf<ContentContracts[typeof name]>;
      const error = isRecord(raw) && raw.ok === false && isRecord(raw.error) ? raw.error : undefined;
      if (error !== undefined && isErrorName(error.name) && typeof error.message === 'string')
        throw new PerchError(error.name, error.message);
      throw new PerchError('InvalidReplyError', `No valid answer to "${name}" from Perch.`);
    },
  };
}
