import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isNonPublicAddress, normalizeHost } from './public-address.ts';

/** An IPv4 address inside `network/bits`, from a generated 32-bit offset. */
const inRange = (network: string, bits: number) =>
  fc.nat({ max: 2 ** (32 - bits) - 1 }).map((offset) => {
    const base = network.split('.').reduce((n, part) => n * 256 + Number(part), 0);
    const n = base + offset;
    return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
  });

const NON_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const toNumber = (address: string) => address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const inAny = (address: string) =>
  NON_PUBLIC_V4.some(([network, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(toNumber(address) / size) === Math.floor(toNumber(network) / size);
  });

describe('isNonPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.1.2',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fdff:ffff::1',
    'fe80::1',
    'febf::1',
    'ff02::1',
    '64:ff9b::7f00:1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.1.1',
  ])('refuses %s', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '169.255.0.1',
    '100.128.0.1',
    '11.0.0.1',
    '2606:4700::1111',
    'fec0::1',
    '::ffff:8.8.8.8',
  ])('lets %s through', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });

  it('is false for a name (names are judged by the addresses they resolve to)', () => {
    expect(isNonPublicAddress('localhost')).toBe(false);
    expect(isNonPublicAddress('example.com')).toBe(false);
  });

  it('refuses every address of every non-public IPv4 range, as itself and IPv4-mapped', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NON_PUBLIC_V4).chain(([network, bits]) => inRange(network, bits)),
        (address) => {
          expect(isNonPublicAddress(address)).toBe(true);
          expect(isNonPublicAddress(`::ffff:${address}`)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('lets through every IPv4 address outside those ranges', () => {
    fc.assert(
      fc.property(inRange('0.0.0.0', 0), (address) => {
        expect(isNonPublicAddress(address)).toBe(inAny(address));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normalizeHost', () => {
  it('lower-cases and strips IPv6 brackets and the final dot', () => {
    expect(normalizeHost('[::1]')).toBe('::1');
    expect(normalizeHost('Example.COM.')).toBe('example.com');
  });
});
