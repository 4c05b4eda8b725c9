import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

export interface PageServer {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };

/** Serves the files of `root` on 127.0.0.1 at a free port: the "charting sites" of the e2e tests. */
export async function startPageServer(root: string): Promise<PageServer> {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://127.0.0.1').pathname).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    readFile(join(root, path)).then(
      (body) => {
        response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
        response.end(body);
      },
      () => {
        response.writeHead(404).end('not found');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
