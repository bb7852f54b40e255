import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiKey, Team } from '../store/teams.js';
import type { RateClass } from '../billing/rate-class.js';

export interface RequestContext<B = unknown, Q = unknown, P = unknown> {
  req: FastifyRequest;
  reply: FastifyReply;
  route: RouteSpec;
  team: Team;
  apiKey: ApiKey | null;
  body: B;
  query: Q;
  params: P;
  /** The origin callers reach this server at (§1.14.1), for the absolute URLs answers carry. */
  baseUrl: string;
}

/**
 * One API operation: the single source for routing, validation, limits and the
 * OpenAPI document. A spec without a handler answers 501 (§1.8).
 */
export interface RouteSpec<B = any, Q = any, P = any> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify path syntax (`/v2/crawl/:id`). */
  url: string;
  operationId: string;
  summary: string;
  tag: string;
  rateClass: RateClass;
  /** Defaults to true; only public documents (the OpenAPI file) switch it off. */
  auth?: boolean;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /** Credits the team must hold before the work starts (§1.10). */
  creditsRequired?: (body: B) => number;
  /** Honour `x-idempotency-key` (§1.12). */
  idempotent?: boolean;
  /** Feature name used in the 501 message while the capability is not built. */
  feature?: string;
  handler?: (ctx: RequestContext<B, Q, P>) => Promise<unknown>;
}

/**
 * A step every request passes through. Runs before validation (`stage:
 * 'pre'`, e.g. rate limits, which must count even malformed requests) or after
 * it (`'post'`, e.g. credit checks, which need the body). It may return an undo
 * to run if the request then fails (e.g. releasing an idempotency key).
 */
export interface Guard {
  name: string;
  stage: 'pre' | 'post';
  run(ctx: RequestContext): Promise<void | (() => Promise<void>)>;
}

export const defineRoutes = <T extends RouteSpec[]>(...routes: T): T => routes;
