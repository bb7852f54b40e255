// Preloaded (node --import) into each published client the compatibility suite runs: every TCP
// connection to anything but 127.0.0.1 (where Trawl and the fixture site listen) is refused and written, one `host:port` a line, to
// the file TRAWL_COMPAT_OUTBOUND_LOG names, so a test can show that the client talked to Trawl
// only (no update checks, telemetry or cloud fallbacks). Plain JavaScript: it runs inside the
// client's own process, before any TypeScript loader.
import fs from 'node:fs';
import net from 'node:net';

const log = process.env.TRAWL_COMPAT_OUTBOUND_LOG;
const connect = net.Socket.prototype.connect;

function allowed(host) {
  return host === 'localhost' || host === '127.0.0.1' || host === '::1' || host === '::ffff:127.0.0.1';
}

net.Socket.prototype.connect = function guardedConnect(...args) {
  // net.connect() hands over its arguments already normalized, as [options, callback].
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = typeof first === 'object' && first !== null ? first : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
  if (options.path !== undefined) return connect.apply(this, args);
  const host = options.host ?? 'localhost';
  if (allowed(host)) return connect.apply(this, args);
  if (log) fs.appendFileSync(log, `${host}:${options.port}\n`);
  process.nextTick(() => this.destroy(new Error(`compatibility suite: connection to ${host}:${options.port} refused (loopback only)`)));
  return this;
};
