import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { Config, LogFormatSetting } from '../config.js';

export type LogFormat = 'pretty' | 'json';

/** `auto` means a person on a terminal reads pretty lines, and a collector reading a pipe or a file gets JSON. */
export function chooseLogFormat(isTTY: boolean, setting: LogFormatSetting): LogFormat {
  if (setting !== 'auto') return setting;
  return isTTY ? 'pretty' : 'json';
}

/**
 * Fastify's logger for `config`: JSON lines, or one readable line each on stdout.
 * A given stream (tests) always gets JSON, which they parse.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (stream) return { level: config.logLevel, stream };
  if (chooseLogFormat(Boolean(process.stdout.isTTY), config.logFormat) === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: pinoPretty({
      colorize: Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      singleLine: true,
      sync: true,
    }),
  };
}

/**
 * One line per request, after its answer: `GET /v2/scrape 200 812ms`, with the
 * method, path, status and time as fields for JSON readers. Replaces Fastify's two
 * lines (incoming, completed), so `disableRequestLogging` goes with it.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const path = req.url.split('?')[0];
    const line = { req: { method: req.method, url: path }, res: { statusCode: reply.statusCode }, responseTime: ms };
    const msg = `${req.method} ${path} ${reply.statusCode} ${ms}ms`;
    if (reply.statusCode >= 500) req.log.error(line, msg);
    else req.log.info(line, msg);
  });
}
