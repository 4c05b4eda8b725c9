import * as z from 'zod/mini';
import { ConfigError } from '../errors';
import { concatBytes, utf8 } from '../runtime';
import type { PreparedBody } from '../transport/http-client';
import { parseResultData } from '../transport/http-schema';
import { BYBIT_ROUTES } from './endpoints';
import type { BybitRestClient } from './rest';

/**
 * Bybit P2P chat file upload (docs/protocol.md "Bybit P2P chat file upload"): multipart with a fixed boundary, signed over the bytes
 * `timestamp + apiKey + recvWindow` followed by the whole payload. Built from a Uint8Array, so it works
 * in the browser as well as with Node's Buffer (a Uint8Array subclass).
 */

// The SDK's own texts (bybit-api fileUploadUtil / rest-client-v5), kept word for word.
export const UPLOAD_FILE_REQUIRED = 'upload_file parameter is required for file uploads';
export const FILE_NAME_REQUIRED =
  'filename parameter is required for file uploads (used for MIME type detection)';
export const FILE_MUST_BE_BUFFER =
  'uploadFile must be provided as a Buffer. To upload from a file path, read the file yourself: fs.readFileSync(filePath)';

const BOUNDARY = 'boundary-for-file';

const MIME_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
};

export function mimeTypeFor(fileName: string): string {
  const extension = fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';
  return MIME_TYPES[extension] ?? 'application/octet-stream';
}

export interface P2PChatFile {
  /** The file's bytes: a Uint8Array (Node's Buffer is one). Typed loosely because callers pass user input. */
  readonly fileBuffer: unknown;
  readonly fileName: unknown;
}

export function buildMultipartPayload(file: P2PChatFile): PreparedBody {
  if (file.fileBuffer === undefined || file.fileBuffer === null) throw new ConfigError(UPLOAD_FILE_REQUIRED);
  if (typeof file.fileName !== 'string' || file.fileName === '') throw new ConfigError(FILE_NAME_REQUIRED);
  if (!(file.fileBuffer instanceof Uint8Array)) throw new ConfigError(FILE_MUST_BE_BUFFER);
  if (/["\r\n]/.test(file.fileName)) {
    // The name goes inside a quoted header; quotes or line breaks would change the request's structure.
    throw new ConfigError('The file name must not contain quotes or line breaks.');
  }
  const head = utf8(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="upload_file"; filename="${file.fileName}"\r\n` +
      `Content-Type: ${mimeTypeFor(file.fileName)}\r\n\r\n`,
  );
  const payload = concatBytes(head, file.fileBuffer, utf8(`\r\n--${BOUNDARY}--\r\n`));
  return { payload, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** The uploaded file's `url`, to send next with /v5/p2p/order/message/send. */
export const P2PUploadResult = z.looseObject({
  url: z.string(),
  type: z.optional(z.string()),
  uploadId: z.nullish(z.unknown()),
});

export async function uploadP2PChatFile(client: BybitRestClient, file: P2PChatFile) {
  const body = buildMultipartPayload(file);
  return parseResultData(P2PUploadResult, await client.sendPrepared(BYBIT_ROUTES.postP2pOssUploadFile, body));
}
