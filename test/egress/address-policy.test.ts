import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyAddress, createAddressPolicy } from '../../src/egress/address-policy.js';

function refused(ip: string, reason: string): void {
  assert.deepEqual(classifyAddress(ip), { allowed: false, reason }, ip);
}

describe('classifyAddress refuses every non-public class', () => {
  it('loopback v4', () => refused('127.0.0.1', 'loopback'));
  it('loopback v4, anywhere in 127/8', () => refused('127.255.255.254', 'loopback'));
  it('loopback v6', () => refused('::1', 'loopback'));
  it('RFC1918 10/8', () => refused('10.0.0.1', 'private'));
  it('RFC1918 172.16/12 (both ends)', () => {
    refused('172.16.0.1', 'private');
    refused('172.31.255.254', 'private');
  });
  it('RFC1918 192.168/16', () => refused('192.168.1.1', 'private'));
  it('link-local v4', () => refused('169.254.1.1', 'link-local'));
  it('link-local v6', () => refused('fe80::1', 'link-local'));
  it('CGNAT 100.64/10', () => refused('100.64.0.1', 'cgnat'));
  it('multicast v4', () => refused('224.0.0.1', 'multicast'));
  it('multicast v6', () => refused('ff02::1', 'multicast'));
  it('reserved v4 (240/4 and documentation ranges)', () => {
    refused('240.0.0.1', 'reserved');
    refused('192.0.2.1', 'reserved');
  });
  it('reserved v6 (documentation 2001:db8::/32)', () => refused('2001:db8::1', 'reserved'));
  it('unspecified v4', () => refused('0.0.0.0', 'unspecified'));
  it('unspecified v6', () => refused('::', 'unspecified'));
  it('broadcast', () => refused('255.255.255.255', 'broadcast'));
  it('unique-local v6 fc00::/7', () => {
    refused('fc00::1', 'unique-local');
    refused('fd12:3456::1', 'unique-local');
  });
  it('IPv4-mapped IPv6 of a private address', () => refused('::ffff:10.0.0.1', 'ipv4-mapped:private'));
  it('IPv4-mapped IPv6 of a loopback address', () => refused('::ffff:127.0.0.1', 'ipv4-mapped:loopback'));
  it('IPv4-compatible IPv6 (deprecated ::a.b.c.d)', () => refused('::7f00:1', 'ipv4-compatible'));
  it('NAT64 embedding a private address', () => refused('64:ff9b::a00:1', 'nat64:private'));
  it('6to4 embedding loopback, and 6to4 at all', () => {
    refused('2002:7f00:1::1', '6to4:loopback');
    refused('2002:808:808::1', '6to4');
  });
  it('Teredo, naming the tunnelled client address class', () =>
    // Client 192.0.2.45, stored inverted in the last 32 bits.
    refused('2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo:reserved'));
  it('cloud metadata addresses, before their broader class', () => {
    refused('169.254.169.254', 'cloud-metadata');
    refused('169.254.170.2', 'cloud-metadata');
    refused('100.100.100.200', 'cloud-metadata');
    refused('fd00:ec2::254', 'cloud-metadata');
    refused('::ffff:169.254.169.254', 'ipv4-mapped:cloud-metadata');
  });
  it('anything that is not a canonical IP literal', () => {
    refused('example.com', 'invalid');
    refused('0x7f.1', 'invalid');
    refused('2130706433', 'invalid');
    refused('', 'invalid');
  });
});

describe('classifyAddress allows public unicast', () => {
  for (const ip of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2001:4860:4860::8888']) {
    it(ip, () => assert.deepEqual(classifyAddress(ip), { allowed: true, reason: 'public' }));
  }
  it('IPv4-mapped and NAT64 forms of a public address', () => {
    assert.equal(classifyAddress('::ffff:8.8.8.8').allowed, true);
    assert.equal(classifyAddress('64:ff9b::808:808').allowed, true);
  });
});

describe('createAddressPolicy', () => {
  it('with no options is the strict classifier', () => {
    const policy = createAddressPolicy();
    assert.deepEqual(policy('10.0.0.1'), classifyAddress('10.0.0.1'));
    assert.deepEqual(policy('8.8.8.8'), classifyAddress('8.8.8.8'));
  });

  it('allowPrivateNetwork opens private classes but never cloud metadata', () => {
    const policy = createAddressPolicy({ allowPrivateNetwork: true });
    for (const ip of ['127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', '169.254.1.1', 'fd12::1']) {
      assert.deepEqual(policy(ip), { allowed: true, reason: 'private-network-allowed' }, ip);
    }
    assert.deepEqual(policy('169.254.169.254'), { allowed: false, reason: 'cloud-metadata' });
    assert.deepEqual(policy('::ffff:169.254.169.254'), { allowed: false, reason: 'ipv4-mapped:cloud-metadata' });
    assert.equal(policy('fd00:ec2::254').allowed, false);
    assert.equal(policy('not-an-ip').allowed, false);
  });

  it('allowedCidrs opens exactly the listed ranges, including their IPv4-mapped forms', () => {
    const policy = createAddressPolicy({ allowedCidrs: ['10.1.2.0/24', 'fd00:1234::/32'] });
    assert.deepEqual(policy('10.1.2.3'), { allowed: true, reason: 'allowed-cidr' });
    assert.deepEqual(policy('::ffff:10.1.2.3'), { allowed: true, reason: 'allowed-cidr' });
    assert.deepEqual(policy('fd00:1234::5'), { allowed: true, reason: 'allowed-cidr' });
    assert.deepEqual(policy('10.1.3.1'), { allowed: false, reason: 'private' });
    assert.deepEqual(policy('127.0.0.1'), { allowed: false, reason: 'loopback' });
  });

  it('an explicit allowedCidrs entry is the only way to reach a metadata address', () => {
    const policy = createAddressPolicy({ allowPrivateNetwork: true, allowedCidrs: ['169.254.169.254/32'] });
    assert.equal(policy('169.254.169.254').allowed, true);
  });

  it('rejects a malformed CIDR at construction', () => {
    assert.throws(() => createAddressPolicy({ allowedCidrs: ['10.0.0.0/33'] }), /invalid CIDR/);
    assert.throws(() => createAddressPolicy({ allowedCidrs: ['intranet'] }), /invalid CIDR/);
  });
});
