/**
 * WebFetch's guard against server-side request forgery: a URL whose host is loopback, private,
 * link-local or unique-local — literally, by name (`localhost`, `*.localhost`) or by what the name
 * resolves to — is refused unless the session lists the host in `allowedPrivateHosts`. Every
 * redirect hop is checked again.
 *
 * Limit: the check resolves the name, then `fetch` resolves it again; a DNS server that answers
 * differently the second time (DNS rebinding) is not caught. Pinning the address would need a
 * custom undici dispatcher, which the injectable `fetch` cannot carry.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { NetworkError, ValidationError } from '@toolsmith/core';
import type { CodingSession } from '../../session/coding-session.ts';

type LookupAddress = { address: string; family: number };

/** Ranges WebFetch refuses: loopback, private, link-local, unique-local, "this network", unspecified. */
function privateRanges(): BlockList {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('10.0.0.0', 8, 'ipv4');
  list.addSubnet('172.16.0.0', 12, 'ipv4');
  list.addSubnet('192.168.0.0', 16, 'ipv4');
  list.addSubnet('169.254.0.0', 16, 'ipv4');
  list.addSubnet('0.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addAddress('::', 'ipv6');
  list.addSubnet('fc00::', 7, 'ipv6');
  list.addSubnet('fe80::', 10, 'ipv6');
  return list;
}

/** True for a loopback, private, link-local or unique-local address (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return privateRanges().check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The URL's host as compared with `allowedPrivateHosts`: lower case, no IPv6 brackets, no final dot. */
export function normalizeHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

function refuse(toolName: string, url: URL, why: string): ValidationError {
  return new ValidationError({
    toolName,
    issues: [
      {
        field: 'url',
        message: `${url.href} was refused: ${why}. WebFetch only reaches public hosts. Fetch a public URL instead; to reach this host on purpose, add "${normalizeHost(url.hostname)}" to the session's allowedPrivateHosts.`,
      },
    ],
  });
}

/**
 * Throws a ValidationError when `url` points at a private or loopback host the session does not
 * allow, and a NetworkError when its name does not resolve.
 */
export async function assertPublicHost(session: CodingSession, url: URL, toolName: string): Promise<void> {
  const host = normalizeHost(url.hostname);
  const allowed = (session.options.allowedPrivateHosts ?? []).map(normalizeHost);
  if (allowed.includes(host)) return;

  if (host === 'localhost' || host.endsWith('.localhost')) {
    throw refuse(toolName, url, `"${host}" is the local machine`);
  }
  if (isIP(host) !== 0) {
    if (isPrivateAddress(host)) throw refuse(toolName, url, `${host} is a private or loopback address`);
    return;
  }

  const lookup =
    session.options.webFetch?.lookup ??
    ((hostname: string): Promise<LookupAddress[]> => dnsLookup(hostname, { all: true, verbatim: true }));
  let addresses: readonly LookupAddress[];
  try {
    addresses = await lookup(host);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new NetworkError({
      method: 'GET',
      url: url.href,
      mayHaveSucceeded: false,
      detail: `the host name "${host}" does not resolve${typeof code === 'string' ? ` (${code})` : ''}; check the URL for typos`,
      cause: error,
    });
  }
  const blocked = addresses.find((a) => isPrivateAddress(a.address));
  if (blocked) {
    throw refuse(toolName, url, `"${host}" resolves to ${blocked.address}, a private or loopback address`);
  }
}
