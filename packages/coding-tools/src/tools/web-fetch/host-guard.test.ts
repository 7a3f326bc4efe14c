import { describe, expect, it } from '@jest/globals';
import { isPrivateAddress, normalizeHost } from './host-guard.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.1.2',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fdff:ffff::1',
    'fe80::1',
    'febf::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.1.1',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '169.255.0.1',
    '11.0.0.1',
    '2606:4700::1111',
    'fec0::1',
    '::ffff:8.8.8.8',
  ])('lets %s through', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('is false for a name (names are resolved first)', () => {
    expect(isPrivateAddress('localhost')).toBe(false);
  });
});

describe('normalizeHost', () => {
  it('lower-cases and strips IPv6 brackets and the final dot', () => {
    expect(normalizeHost('[::1]')).toBe('::1');
    expect(normalizeHost('Example.COM.')).toBe('example.com');
  });
});
