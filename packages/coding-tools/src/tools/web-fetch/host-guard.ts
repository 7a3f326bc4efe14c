/**
 * WebFetch's guard against server-side request forgery: a URL whose host is not a public unicast
 * address (core's `isNonPublicAddress`: loopback, private, link-local, unique-local, carrier-grade
 * NAT, multicast, NAT64, reserved) — literally, by name (`localhost`, `*.localhost`) or by what the name
 * resolves to — is refused unless the session lists the host in `allowedPrivateHosts`. Every
 * redirect hop is checked again.
 *
 * DNS rebinding (a name that resolves to a public address for the check and to a private one for
 * the connection) is closed by {@link guardedConnectLookup}: the default fetch connects through an
 * undici Agent whose `lookup` applies the same rule to the addresses it actually connects to. An
 * injected `fetch` (session option) carries its own connections; only the pre-check applies to it.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isNonPublicAddress, NetworkError, normalizeHost, ValidationError } from '@toolsmith/core';
import type { CodingSession } from '../../session/coding-session.ts';

type LookupAddress = { address: string; family: number };

export function refuse(toolName: string, url: URL, why: string): ValidationError {
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
    if (isNonPublicAddress(host)) throw refuse(toolName, url, `${host} is a private or loopback address`);
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
  const blocked = addresses.find((a) => isNonPublicAddress(a.address));
  if (blocked) {
    throw refuse(toolName, url, `"${host}" resolves to ${blocked.address}, a private or loopback address`);
  }
}

/** The error a refused connection fails with (the cause of undici's "fetch failed"). */
export const PRIVATE_ADDRESS_CODE = 'ETOOLSMITH_PRIVATE_ADDRESS';

type ConnectLookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `net.connect` lookup that resolves like the pre-check and refuses a private or loopback answer
 * for a host the session does not allow: the address that is checked is the address connected to.
 */
export function guardedConnectLookup(session: CodingSession) {
  const resolve =
    session.options.webFetch?.lookup ??
    ((hostname: string): Promise<readonly LookupAddress[]> =>
      dnsLookup(hostname, { all: true, verbatim: true }));
  return (hostname: string, options: { all?: boolean }, callback: ConnectLookupCallback): void => {
    const host = normalizeHost(hostname);
    const allowed = (session.options.allowedPrivateHosts ?? []).map(normalizeHost).includes(host);
    resolve(host).then(
      (addresses) => {
        const blocked = allowed ? undefined : addresses.find((a) => isNonPublicAddress(a.address));
        if (blocked || addresses.length === 0) {
          const error: NodeJS.ErrnoException = new Error(
            blocked
              ? `"${host}" resolved to ${blocked.address}, a private or loopback address, when connecting`
              : `"${host}" resolved to no address`,
          );
          error.code = blocked ? PRIVATE_ADDRESS_CODE : 'ENOTFOUND';
          callback(error, '');
          return;
        }
        if (options.all) callback(null, [...addresses]);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
