/**
 * The stub's node:http server, in front of fastify (its `serverFactory`). Every request starts its
 * connection's exchange (stub/http/exchange.ts); then one fast lane, before routing, answers the
 * refusals decided on arrival (the per-IP guard's 429, stub/limits/ip-guard.ts) from constant bytes
 * (stub/http/refusal.ts); everything else goes to fastify. While the limits are lifted the lane costs
 * one flag check.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { beginExchange } from './exchange.ts';
import { sendRefusal } from './refusal.ts';
import type { FixedAnswer } from './reply.ts';

/** Decides on arrival: the refusal to answer with, or undefined to route the request. */
export type ArrivalDecision = (req: IncomingMessage) => FixedAnswer | undefined;

/**
 * The server factory: node:http with fastify's connection settings and the fast lane. (The parser's
 * errors are answered by stub/http/exchange.ts `answerClientError`, fastify's clientErrorHandler.)
 */
export function frontDoor(decide: ArrivalDecision): FastifyServerFactory {
  return (route, options): Server => {
    const server = createServer(
      // Node would answer a Host-less HTTP/1.1 request with a bare 400 before any route sees it.
      { requireHostHeader: false },
      (req: IncomingMessage, res: ServerResponse) => {
        const exchange = beginExchange(req, res);
        const refusal = decide(req);
        if (refusal) sendRefusal(exchange, refusal);
        else route(req, res);
      },
    );
    // What fastify sets on a server it creates itself (fastify/lib/server.js), from its validated options.
    const timeouts = options as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.requestTimeout = timeouts.requestTimeout;
    server.setTimeout(timeouts.connectionTimeout);
    return server;
  };
}
