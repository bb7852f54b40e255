'use strict';
/**
 * First code to run in the sandbox child (see docs/sandbox.md). Node's permission model
 * already denies file reads outside the runner, child processes, workers, addons, the
 * inspector and process.binding; it has no switch for the network on Node 20. Where the
 * host allows it the child has no network at all (a namespace of its own); everywhere,
 * this closes the network in JavaScript: one TCP destination, the session's CDP endpoint,
 * stays reachable and everything else throws. Every outbound path in Node's own modules
 * (http, https, tls, http2, fetch/undici, WebSocket) ends in net.Socket.prototype.connect,
 * which is the real gate; the wrappers above it only give clearer errors.
 *
 * Installed before the caller's code exists, with the originals kept in this closure, and
 * every patched property made non-writable and non-configurable so the code cannot put
 * them back.
 *
 * Exactly one connection is let through: Playwright's, made before the caller's code runs.
 * Every connect attempt creates native request objects that a setter planted on a shared
 * prototype can catch, and with them open sockets that bypass this gate; when the code
 * cannot start a connect at all, there is nothing to catch.
 */
const net = require('node:net');
const dns = require('node:dns');
const dgram = require('node:dgram');

const endpoint = new URL(process.argv[2]);
/**
 * Set when the child runs in a network namespace of its own (src/sandbox/isolation.ts):
 * nothing is reachable from in here, and the parent hands over its connection to the
 * endpoint as this file descriptor. The checks below then only shape the errors.
 */
const bridgeFd = process.argv[3] ? Number(process.argv[3]) : undefined;
const allowedHost = endpoint.hostname.replace(/^\[|\]$/g, '');
const allowedPort = Number(endpoint.port || (endpoint.protocol === 'wss:' ? 443 : 80));

function denied(what) {
  const err = new Error(`sandbox: ${what} is not allowed`);
  err.code = 'ERR_SANDBOX_DENIED';
  return err;
}

function lock(target, key, value) {
  Object.defineProperty(target, key, { value, writable: false, configurable: false, enumerable: false });
}

function throwing(what) {
  return function blocked() {
    throw denied(what);
  };
}

// --- TCP and Unix sockets -------------------------------------------------------------

const originalConnect = net.Socket.prototype.connect;
const normalizeArgs = net._normalizeArgs;

let connected = false;

lock(net.Socket.prototype, 'connect', function guardedConnect(...args) {
  // net.connect() passes its already-normalised [options, callback] array.
  const normalized = Array.isArray(args[0]) ? args[0] : normalizeArgs(args);
  const options = normalized[0] ?? {};
  const callback = normalized[1];
  // Each field is read once into a fresh object, so getters cannot answer the check one
  // way and the real connect another; `lookup`, `localAddress` and the rest are dropped.
  const path = options.path;
  const host = String(options.host ?? 'localhost').replace(/^\[|\]$/g, '');
  const port = Number(options.port);
  if (path !== undefined && path !== null) throw denied(`connecting to the socket ${String(path)}`);
  if (host !== allowedHost || port !== allowedPort) throw denied(`connecting to ${host}:${port}`);
  if (connected) throw denied('a second connection to the browser session (use the `browser` you were given)');
  connected = true;
  if (bridgeFd !== undefined) {
    // net.connect() returns what connect returns: the caller gets the inherited socket.
    const bridged = new net.Socket({ fd: bridgeFd, readable: true, writable: true });
    lockListening(bridged._handle);
    if (typeof callback === 'function') bridged.once('connect', callback);
    process.nextTick(() => bridged.emit('connect'));
    return bridged;
  }
  const safe = { host: allowedHost, port: allowedPort };
  if (options.timeout !== undefined) safe.timeout = Number(options.timeout);
  if (options.noDelay !== undefined) safe.noDelay = Boolean(options.noDelay);
  if (options.keepAlive !== undefined) safe.keepAlive = Boolean(options.keepAlive);
  const socket =
    typeof callback === 'function' ? Reflect.apply(originalConnect, this, [safe, callback]) : Reflect.apply(originalConnect, this, [safe]);
  lockListening(this._handle);
  return socket;
});

// A listening server is a way in from the host's other processes; none is needed.
lock(net.Server.prototype, 'listen', throwing('listening on a port'));

/**
 * The native classes behind sockets and pipes can bind and listen on their own, below
 * net.Server, and the permission model does not look at the socket files a Unix bind
 * creates. Their prototypes are reachable from any handle (process.stdout's pipe, the one
 * connection's TCP handle), so those methods go on both classes before the code runs.
 */
function lockListening(handle) {
  const proto = handle ? Object.getPrototypeOf(handle) : undefined;
  if (!proto) return;
  for (const name of ['bind', 'bind6', 'listen']) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor && descriptor.configurable) lock(proto, name, throwing('listening on a socket'));
  }
}
lockListening(process.stdout._handle);
lockListening(process.stderr._handle);

// --- UDP and DNS: nothing needs them ---------------------------------------------------

lock(dgram, 'createSocket', throwing('UDP'));
lock(dgram, 'Socket', throwing('UDP'));

for (const key of Object.keys(dns)) {
  if (typeof dns[key] === 'function' && !/^(get|set)(Servers|DefaultResultOrder)$/.test(key)) lock(dns, key, throwing('DNS'));
}
for (const key of Object.keys(dns.promises)) {
  if (typeof dns.promises[key] === 'function') lock(dns.promises, key, throwing('DNS'));
}

// --- Higher-level clients: clearer errors than the socket gate would give ------------------

function allowedUrl(input) {
  let url;
  try {
    url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : String(input?.url));
  } catch {
    return false;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80));
  return host === allowedHost && port === allowedPort;
}

const originalFetch = globalThis.fetch;
if (typeof originalFetch === 'function') {
  lock(globalThis, 'fetch', function guardedFetch(input, init) {
    if (!allowedUrl(input)) return Promise.reject(denied(`fetch(${JSON.stringify(String(input?.url ?? input))})`));
    return Reflect.apply(originalFetch, globalThis, [input, init]);
  });
}

for (const name of ['WebSocket', 'EventSource']) {
  const Original = globalThis[name];
  if (typeof Original !== 'function') continue;
  lock(globalThis, name, new Proxy(Original, {
    construct(target, args, newTarget) {
      if (!allowedUrl(args[0])) throw denied(`${name}(${JSON.stringify(String(args[0]))})`);
      return Reflect.construct(target, args, newTarget);
    },
  }));
}

// --- The host's other processes -------------------------------------------------------

// Signals would reach any process of the same user, Trawl's server included.
lock(process, 'kill', throwing('signalling a process'));

// --- Files ------------------------------------------------------------------------------

/**
 * Node 20 throws from existsSync on a path the permission model hides, where later versions
 * answer false; libraries probe system files that way at load (playwright-core looks for
 * WSL), so a hidden file reads as an absent one.
 */
const fs = require('node:fs');
const originalExistsSync = fs.existsSync;
fs.existsSync = function existsSync(file) {
  try {
    return originalExistsSync(file);
  } catch (err) {
    if (err && err.code === 'ERR_ACCESS_DENIED') return false;
    throw err;
  }
};
