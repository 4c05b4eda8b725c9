import type { HttpAnswer } from './http-types';

/**
 * A WS trade reply dressed as an HTTP answer, so the REST envelope readers (okx|bybit rest-envelope)
 * judge it and throw the same named errors as REST. The socket has already parsed the reply: it goes
 * in as it is, never turned back into text. `headers` are the reply's own (Bybit's `header`).
 */
export function socketAnswer(reply: unknown, headers: Readonly<Record<string, unknown>> = {}): HttpAnswer {
  const lower = new Map(
    Object.entries(headers).map(([name, value]) => [
      name.toLowerCase(),
      typeof value === 'string' ? value : String(value),
    ]),
  );
  return {
    status: 200,
    headers: { get: (name) => lower.get(name.toLowerCase()) ?? null },
    text: '',
    parsed: { value: reply },
  };
}
