import {
  contracts,
  messageEnvelope,
  type Contracts,
  type MessageName,
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
}

export type MessageHandlers = {
  [N in MessageName]: (
    request: RequestOf<Contracts[N]>,
    context: HandlerContext,
  ) => Promise<ResponseOf<Contracts[N]>>;
};

const EXTENSION_PAGES: Record<string, Sender> = {
  '/popup.html': 'popup',
  '/options.html': 'options',
};

/** Works out which context sent a message from what the browser stamped on it, never from the message. */
export function classifySender(
  sender: SenderInfo,
  extensionId: string,
  extensionOrigin: string,
): Sender | undefined {
  if (sender.id !== extensionId || sender.url === undefined) return undefined;
  if (sender.url.startsWith(extensionOrigin)) {
    return EXTENSION_PAGES[new URL(sender.url).pathname];
  }
  return sender.tab === undefined ? undefined : 'content';
}

function refuse(name: string, message: string): ReplyEnvelope {
  return { ok: false, error: { name, message } };
}

/**
 * Checks a raw message against its contract (sender, request schema), runs the handler and checks
 * its answer. Anything unexpected is refused with a reason; nothing throws out of here.
 */
export async function dispatchMessage(
  raw: unknown,
  sender: Sender | undefined,
  handlers: MessageHandlers,
): Promise<ReplyEnvelope> {
  const envelope = messageEnvelope.safeParse(raw);
  if (!envelope.success) return refuse('InvalidMessageError', 'Not a Perch message.');
  const { name, payload } = envelope.data;
  if (!Object.hasOwn(contracts, name)) {
    return refuse('UnknownMessageError', `Unknown message "${name}".`);
  }
  const messageName = name as MessageName;
  const contract = contracts[messageName];
  if (sender === undefined || !contract.senders.includes(sender)) {
    return refuse('ForbiddenSenderError', `"${name}" may not be sent from this page.`);
  }
  const request = contract.request.safeParse(payload);
  if (!request.success) {
    return refuse('InvalidRequestError', `"${name}" was sent with invalid data.`);
  }
  try {
    const data = await handlers[messageName](request.data, { sender });
    return { ok: true, data: contract.response.parse(data) };
  } catch (error) {
    const { name: errorName, message } =
      error instanceof Error ? error : { name: 'Error', message: String(error) };
    return refuse(errorName, message);
  }
}
