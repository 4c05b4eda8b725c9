import { describe, expect, it } from 'vitest';
import { createFakeFetch, createManualTime, fakeResponse } from '../transport/http-fake.test-helper';
import { createBybitRestClient } from './rest';
import { buildMultipartPayload, mimeTypeFor, uploadP2PChatFile } from './rest-upload';

const helloPng =
  '2d2d626f756e646172792d666f722d66696c650d0a436f6e74656e742d446973706f736974696f6e3a20666f726d2d646174613b206e616d653d2275706c6f61645f66696c65223b2066696c656e616d653d22612e706e67220d0a436f6e74656e742d547970653a20696d6167652f706e670d0a0d0a68656c6c6f0d0a2d2d626f756e646172792d666f722d66696c652d2d0d0a';
const hello = new TextEncoder().encode('hello');

describe('Bybit P2P file upload', () => {
  it.each([
    ['a.jpg', 'image/jpeg'],
    ['A.JPEG', 'image/jpeg'],
    ['scan.png', 'image/png'],
    ['doc.pdf', 'application/pdf'],
    ['clip.mp4', 'video/mp4'],
    ['notes.txt', 'application/octet-stream'],
    ['noextension', 'application/octet-stream'],
  ])('maps %s to %s', (name, mime) => {
    expect(mimeTypeFor(name)).toBe(mime);
  });

  it('builds the documented multipart bytes from a plain Uint8Array (vector B4)', () => {
    const body = buildMultipartPayload({ fileBuffer: hello, fileName: 'a.png' });
    expect(body.contentType).toBe('multipart/form-data; boundary=boundary-for-file');
    expect(Buffer.from(body.payload).toString('hex')).toBe(helloPng);
  });

  it('accepts a Node Buffer too', () => {
    const body = buildMultipartPayload({ fileBuffer: Buffer.from('hello'), fileName: 'a.png' });
    expect(Buffer.from(body.payload).toString('hex')).toBe(helloPng);
  });

  it.each([
    [{ fileBuffer: undefined, fileName: 'a.png' }, 'upload_file parameter is required for file uploads'],
    [
      { fileBuffer: hello, fileName: '' },
      'filename parameter is required for file uploads (used for MIME type detection)',
    ],
    [
      { fileBuffer: hello, fileName: undefined },
      'filename parameter is required for file uploads (used for MIME type detection)',
    ],
    [
      { fileBuffer: 'hello', fileName: 'a.png' },
      'uploadFile must be provided as a Buffer. To upload from a file path, read the file yourself: fs.readFileSync(filePath)',
    ],
    [{ fileBuffer: [104, 105], fileName: 'a.png' }, 'uploadFile must be provided as a Buffer.'],
    [{ fileBuffer: hello, fileName: 'a".png' }, 'The file name must not contain quotes or line breaks.'],
  ])('rejects %o', (file, message) => {
    expect(() => buildMultipartPayload(file)).toThrow(message);
  });

  it('sends exactly the signed multipart bytes and returns the file url', async () => {
    const time = createManualTime(1704067200000);
    const fake = createFakeFetch(
      fakeResponse(200, {
        ret_code: 0,
        ret_msg: 'success',
        result: { url: '/fiat/p2p/oss/x', type: 'IMAGE', uploadId: null },
      }),
    );
    const client = createBybitRestClient({
      credentials: { apiKey: 'test-key', secret: 'test-secret' },
      fetch: fake.fetch,
      timers: time,
      clock: time,
    });
    const result = await uploadP2PChatFile(client, { fileBuffer: hello, fileName: 'a.png' });
    expect(result.data.url).toBe('/fiat/p2p/oss/x');
    const [request] = fake.requests;
    expect(request?.url).toBe('https://api.bybit.com/v5/p2p/oss/upload_file');
    expect(Buffer.from(request?.init.body as Uint8Array).toString('hex')).toBe(helloPng);
    expect(request?.init.headers).toMatchObject({
      'Content-Type': 'multipart/form-data; boundary=boundary-for-file',
      'X-BAPI-SIGN': 'bc2da024700ce45bb57184d3fd6422ff010b578b9787ccec3076e7e81097c02e',
    });
  });
});
