/**
 * Misbehaving targets on 127.0.0.1 for the client tests: a server that never answers, one that
 * answers garbage with a JSON content-type, one that speaks no HTTP at all, and a free (closed) port;
 * listen() for a test's own local server.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** The port a listening server is bound to (0 when it is not bound to a TCP port). */
function portOf(server: HttpServer | TcpServer): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * Starts `server` on a free 127.0.0.1 port. close() destroys the open connections first, so a
 * server holding requests (or keep-alive sockets) closes at once.
 */
export async function listen(server: HttpServer | TcpServer): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${portOf(server)}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Accepts every request and never answers it (until closed). */
export function hangingServer(): Promise<Listening> {
  return listen(createHttpServer(() => {}));
}

/** Answers every request 200 with `body` under the given content-type (default application/json). */
export function garbageHttpServer(body: string | Buffer, contentType = 'application/json'): Promise<Listening> {
  return listen(
    createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': contentType });
      res.end(body);
    }),
  );
}

/** Answers every connection with bytes that are not HTTP, then closes it. */
export function rawGarbageServer(): Promise<Listening> {
  return listen(
    createTcpServer((socket) => {
      socket.on('error', () => {});
      socket.end(Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0d, 0x0a, 0x47, 0x41, 0x52, 0x42, 0x41, 0x47, 0x45, 0x0d, 0x0a, 0x0d, 0x0a]));
    }),
  );
}

/** A port nothing listens on (bound once, then released). */
export async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = portOf(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
