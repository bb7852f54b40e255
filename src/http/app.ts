import cors from '@fastify/cors';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { authenticate, authorizationOf } from '../auth/authenticate.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { publicBaseUrl } from './public-url.js';
import { notImplemented, TrawlError } from '../errors/trawl-error.js';
import { answerOf, unexpected } from './errors.js';
import { assertJsonDepth, BODY_LIMIT_BYTES, fromFrameworkError, MAX_PARAM_LENGTH, onClientError } from './framework-errors.js';
import { loggerOptions, logRequests } from './log-format.js';
import type { Guard, RequestContext, RouteSpec } from './route.js';
import { validate } from '../api/validate.js';

/**
 * How long a client may take to send one whole request (headers and body): a
 * 50 MB upload at 1 MB/s fits, a connection left half-sent does not.
 */
const REQUEST_RECEIVE_TIMEOUT_MS = 120_000;

function send(reply: FastifyReply, err: TrawlError) {
  const { status, headers, body } = answerOf(err);
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** What the HTTP edge is built from: the route table, the guards every request passes, and what authenticates it. */
export interface AppParts {
  routes: RouteSpec[];
  guards: Guard[];
  /** Where API keys are looked up. */
  store: Store;
  config: Pick<Config, 'auth' | 'publicUrl' | 'logLevel' | 'logFormat'>;
}

async function runRoute(deps: AppParts, route: RouteSpec, req: FastifyRequest, reply: FastifyReply) {
  const principal =
    route.auth === false
      ? { team: { id: '', name: '', plan: '', createdAt: '' }, apiKey: null }
      : await authenticate(deps.store, deps.config.auth, authorizationOf(req));
  const ctx: RequestContext = {
    req,
    reply,
    route,
    team: principal.team,
    apiKey: principal.apiKey,
    body: undefined,
    query: req.query,
    params: req.params,
    baseUrl: publicBaseUrl(req, deps.config.publicUrl),
  };
  const undo: (() => Promise<void>)[] = [];
  try {
    for (const g of deps.guards) if (g.stage === 'pre') pushUndo(undo, await g.run(ctx));
    if (route.params) ctx.params = validate(route.params, req.params, 'params');
    if (route.query) ctx.query = validate(route.query, req.query, 'query');
    if (route.body) ctx.body = validate(route.body, req.body, 'body');
    for (const g of deps.guards) if (g.stage === 'post') pushUndo(undo, await g.run(ctx));
    if (!route.handler) throw notImplemented(route.feature ?? `${route.method} ${route.url}`);
    const result = await route.handler(ctx);
    if (reply.sent) return reply;
    return reply.code(200).type('application/json; charset=utf-8').send(result);
  } catch (err) {
    for (const u of undo.reverse()) await u().catch((e) => req.log.error(e, 'undo after a failed request failed'));
    throw err;
  }
}

function pushUndo(list: (() => Promise<void>)[], u: void | (() => Promise<void>)) {
  if (u) list.push(u);
}

export async function buildApp(deps: AppParts, opts: { logStream?: NodeJS.WritableStream } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config, opts.logStream),
    // logRequests writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // A client that never finishes sending its request must not hold a connection forever (408).
    requestTimeout: REQUEST_RECEIVE_TIMEOUT_MS,
    trustProxy: true,
    // Routing refusals (over-long path parameters, bad percent-encoding) in the envelope too.
    frameworkErrors: (err, _req, reply) => send(reply, fromFrameworkError(err) ?? new TrawlError('BAD_REQUEST', err.message)),
    clientErrorHandler: onClientError,
  });

  logRequests(app);
  await app.register(cors, { origin: true, methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] });

  // Parse takes multipart uploads; its route reads the stream itself.
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null, undefined));
  // An empty body labelled JSON is no body: the official Python SDK sends its DELETEs that way.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    try {
      assertJsonDepth(text);
    } catch (err) {
      return done(err as TrawlError, undefined);
    }
    parseJson(req, text, done);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof TrawlError) return send(reply, err);
    const mapped = fromFrameworkError(err);
    if (mapped) return send(reply, mapped);
    const { error, exceptionId } = unexpected();
    req.log.error({ err, exceptionId }, 'unexpected error');
    return send(reply, error);
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    // Echoing an 8 KB path back helps nobody.
    const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
    return send(reply, new TrawlError('NOT_FOUND', `Not found: ${req.method} ${shown}`));
  });

  for (const route of deps.routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: (req, reply) => runRoute(deps, route, req, reply),
    });
  }
  return app;
}
