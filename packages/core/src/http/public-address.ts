/**
 * Which addresses a server may fetch on a user's behalf (server-side request forgery): only public
 * unicast ones. One rule for every tool that fetches a URL it was given — the coding tools' WebFetch,
 * the Tracker's attachment upload from a URL — checked on the literal host and again on the
 * addresses a name resolves to at connection time.
 */

import type { BlockList } from 'node:net';

const nodeNet = () => process.getBuiltinModule('node:net');

/** IPv4 ranges that are not public unicast (RFC 6890 and the multicast/reserved blocks). */
const IPV4_RANGES = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata endpoints)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const;

/** IPv6 ranges that are not public unicast; IPv4-mapped addresses are checked as their IPv4 address. */
const IPV6_RANGES = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses, private ones too
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const;

let nonPublic: BlockList | undefined;

/**
 * True for an IP address that is not a public unicast one: loopback, private, carrier-grade NAT,
 * link-local, unique-local, multicast, NAT64, "this network", benchmarking, reserved, unspecified.
 * False for anything that is not an IP address (a name is judged by what it resolves to).
 */
export function isNonPublicAddress(address: string): boolean {
  const net = nodeNet();
  const family = net.isIP(address);
  if (family === 0) return false;
  if (nonPublic === undefined) {
    const list = new net.BlockList();
    for (const [network, bits] of IPV4_RANGES) list.addSubnet(network, bits, 'ipv4');
    for (const [network, bits] of IPV6_RANGES) list.addSubnet(network, bits, 'ipv6');
    nonPublic = list;
  }
  return nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host as allow-lists compare it: lower case, no IPv6 brackets, no final dot. */
export function normalizeHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}
