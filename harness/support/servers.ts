/**
 * Misbehaving targets on 127.0.0.1 for the client tests: a server that never answers, one that
 * answers garbage with a JSON content-type, one that speaks no HTTP at all, and a free (closed) port.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

async function listen(server: HttpServer | TcpServer, sockets: Set<Socket>): Promise<Listening> {
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Accepts every request and never answers it (until closed). */
export function hangingServer(): Promise<Listening> {
  return listen(createHttpServer(() => {}), new Set());
}

/** Answers every request 200 with `body` under the given content-type (default application/json). */
export function garbageHttpServer(body: string | Buffer, contentType = 'application/json'): Promise<Listening> {
  return listen(
    createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': contentType });
      res.end(body);
    }),
    new Set(),
  );
}

/** Answers every connection with bytes that are not HTTP, then closes it. */
export function rawGarbageServer(): Promise<Listening> {
  return listen(
    createTcpServer((socket) => {
      socket.on('error', () => {});
      socket.end(Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0d, 0x0a, 0x47, 0x41, 0x52, 0x42, 0x41, 0x47, 0x45, 0x0d, 0x0a, 0x0d, 0x0a]));
    }),
    new Set(),
  );
}

/** A port nothing listens on (bound once, then released). */
export async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
