export { classifyAddress, createAddressPolicy } from './address-policy.js';
export type { AddressPolicy, AddressPolicyOptions, AddressVerdict } from './address-policy.js';
export { createEgress, DEFAULT_USER_AGENT } from './client.js';
export type {
  Egress,
  EgressOptions,
  EgressRequestInit,
  EgressResponse,
  EgressResponseHead,
  EgressStreamResponse,
} from './client.js';
export { connectGuarded, systemResolver } from './connector.js';
export type { ConnectGuardedOptions, ResolvedAddress, Resolver } from './connector.js';
export { checkProxiedTarget, dialProxy, proxyAuthorization, proxyUrlProblem, tunnelThrough } from './proxy.js';
export type { ProxyDialOptions } from './proxy.js';
export { EgressError, isEgressError } from './errors.js';
export type { EgressErrorCode, EgressErrorDetails } from './errors.js';
export { type HostOverride, parseHostOverrides } from './host-overrides.js';
