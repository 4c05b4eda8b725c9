import { WITH_DEVELOPMENT_PATHS } from '../contracts/development-paths';
import {
  contracts,
  messageEnvelope,
  PerchError,
  type Contracts,
  type MessageName,
  type PerchErrorName,
  type ReplyEnvelope,
  type RequestOf,
  type ResponseOf,
  type Sender,
} from '../contracts';

export interface SenderInfo {
  readonly id?: string | undefined;
  readonly url?: string | undefined;
  readonly tab?: unknown;
}

export interface HandlerContext {
  readonly sender: Sender;
  /** The browser tab a content script's message came from, as the browser stamped it. */
  readonly tabId?: number;
}

export type MessageHandlers = {
  [N in MessageName]: (
    request: RequestOf<Contracts[N]>,
    context: HandlerContext,
  ) => Promise<ResponseOf<Contracts[N]>>;
};

/**
 * The side panel is the popup's app in a taller frame: it may send what the popup sends, nothing more. The
 * benchmark's empty reference page (entrypoints/bench-empty, in the benchmark's build only) opens the hub
 * port as the popup does; a store build knows no such page.
 */
const EXTENSION_PAGES: Record<string, Sender> = {
  '/popup.html': 'popup',
  '/sidepanel.html': 'popup',
  '/options.html': 'options',
  ...(WITH_DEVELOPMENT_PATHS ? { '/bench-empty.html': 'popup' as const } : {}),
};

/** The address's path; undefined for one that does not parse (`URL.parse` needs Chrome 126, Perch 116). */
function pathnameOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

/** Works out which context sent a message from what the browser stamped on it, never from the message. */
export function classifySender(
  sender: SenderInfo,
  extensionId: string,
  extensionOrigin: string,
): Sender | undefined {
  if (sender.id !== extensionId || sender.url === undefined) return undefined;
  // The origin and its slash, so a look-alike host such as `<id>.example` is no extension page.
  if (sender.url.startsWith(`${extensionOrigin}/`)) {
    const page = pathnameOf(sender.url);
    return page === undefined || !Object.hasOwn(EXTENSION_PAGES, page) ? undefined : EXTENSION_PAGES[page];
  }
  return sender.tab === undefined ? undefined : 'content';
}

/** The id of the tab a message or port came from; undefined when the browser stamped none. */
export function senderTabId(sender: SenderInfo): number | undefined {
  const { tab } = sender;
  if (typeof tab !== 'object' || tab === null || !('id' in tab)) return undefined;
  return typeof tab.id === 'number' ? tab.id : undefined;
}

/** Only a short plain word from a message is repeated back: never a page's long, odd or secret-looking text. */
const ECHOABLE = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

function echo(text: string, otherwise: string): string {
  return ECHOABLE.test(text) ? text : otherwise;
}

function refuse(name: PerchErrorName, message: string): ReplyEnvelope {
  return { ok: false, error: { name, message } };
}

/**
 * What a failed handler may tell its caller: a PerchError as worded; anything else (a bug, an exchange's raw
 * text, a broken answer) only as a plain apology, and in full in the worker's console for the developer.
 */
function explainFailure(error: unknown, name: string): ReplyEnvelope {
  if (error instanceof PerchError) return refuse(error.name, error.message);
  console.error(`Perch could not answer "${name}":`, error);
  return refuse(
    'InternalError',
    `Perch could not answer "${name}" because of a problem inside Perch. Try again; if it keeps happening, reload the page.`,
  );
}

/**
 * Checks a raw message against its contract (sender, request schema, no unknown keys), runs the handler
 * and checks its answer. Anything unexpected is refused with a worded reason; nothing throws out of here.
 */
export async function dispatchMessage(
  raw: unknown,
  sender: Sender | undefined,
  handlers: MessageHandlers,
  tabId?: number,
): Promise<ReplyEnvelope> {
  const envelope = messageEnvelope.safeParse(raw);
  if (!envelope.success) return refuse('InvalidMessageError', 'Not a Perch message.');
  const { name, payload } = envelope.data;
  if (!Object.hasOwn(contracts, name)) {
    return refuse('UnknownMessageError', `Unknown message ${ECHOABLE.test(name) ? `"${name}"` : 'name'}.`);
  }
  const messageName = name as MessageName;
  const contract = contracts[messageName];
  if (sender === undefined || !contract.senders.includes(sender)) {
    return refuse('ForbiddenSenderError', `"${name}" may not be sent from this page.`);
  }
  const request = contract.request.safeParse(payload);
  if (!request.success) {
    const unknownKeys = request.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys' ? issue.keys : [],
    );
    const named = [...new Set(unknownKeys.map((key) => echo(key, 'a field with an unusual name')))];
    const detail = named.length === 0 ? '' : ` (it does not take ${named.join(', ')})`;
    return refuse('InvalidRequestError', `"${name}" was sent with invalid data${detail}.`);
  }
  try {
    // The request was parsed by this message's own contract, so it fits this message's handler.
    const handler = handlers[messageName] as (request: unknown, context: HandlerContext) => Promise<unknown>;
    const data = await handler(request.data, tabId === undefined ? { sender } : { sender, tabId });
    return { ok: true, data: contract.response.parse(data) };
  } catch (error) {
    return explainFailure(error, name);
  }
}
