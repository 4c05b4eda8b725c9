import type { SimContext } from '../../server/context.js';
import type { SimRequest, SimResponse } from '../../server/http.js';
import type { PrivateRoutes } from '../private-route.js';

/** Only these file types are accepted (BYDOC upload-chat-file). */
const ALLOWED_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'IMAGE',
  'image/png': 'IMAGE',
  'application/pdf': 'PDF',
  'video/mp4': 'VIDEO',
};

/** P2P answers in the legacy envelope `{ret_code, ret_msg, result}` (docs/protocol.md "Bybit envelopes and errors", "Bybit P2P chat file upload"). */
const legacy = (retCode: number, retMsg: string, result: unknown): SimResponse => ({
  status: 200,
  body: { ret_code: retCode, ret_msg: retMsg, result, ext_code: '', ext_info: {}, time_now: '' },
});

/**
 * Finds the `upload_file` part of a multipart body: its file name and Content-Type. Works on
 * the raw bytes, since the file itself is binary (only the part headers are text).
 */
function uploadPart(request: SimRequest): { fileName: string; contentType: string } | undefined {
  const header = request.headers['content-type'] ?? '';
  const boundary = /boundary=([^;]+)/.exec(header)?.[1]?.replace(/^"|"$/g, '');
  if (!header.startsWith('multipart/form-data') || !boundary) return undefined;
  const body = request.rawBody;
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    const part = body.subarray(start + delimiter.length, next < 0 ? body.length : next);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = headerEnd < 0 ? '' : part.subarray(0, headerEnd).toString('utf8');
    if (/name="upload_file"/.test(headers)) {
      const fileName = /filename="([^"]*)"/.exec(headers)?.[1] ?? '';
      const contentType = /Content-Type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? '';
      return { fileName, contentType };
    }
    start = next;
  }
  return undefined;
}

/** POST /v5/p2p/oss/upload_file: multipart, signed over the prefix plus the raw payload bytes (docs/protocol.md "Bybit P2P chat file upload"). */
export function registerBybitP2pUpload(ctx: SimContext, routes: PrivateRoutes): void {
  routes.bybitMultipart('/v5/p2p/oss/upload_file', (request) => {
    const part = uploadPart(request);
    if (!part) return legacy(10001, 'upload_file is required', null);
    const type = ALLOWED_TYPES[part.contentType];
    if (!type) return legacy(10001, 'Only supports: jpg, png, jpeg, pdf, mp4', null);
    const objectName = `${String(ctx.now())}-${part.fileName.replace(/[^\w.-]/g, '_')}`;
    return legacy(0, 'SUCCESS', {
      uploadId: null,
      type,
      url: `/fiat/p2p/oss/showObj/otc/9001/${objectName}`,
    });
  });
}
