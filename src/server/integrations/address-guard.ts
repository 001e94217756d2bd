import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent. Public https addresses only: a private, loopback or link-local address (the
 * machine's own services, the cloud's metadata endpoint) would let whoever configures webhooks reach inside the
 * network (SSRF). WEBHOOKS_ALLOW_PRIVATE opens them for development and tests, where plain http to this machine is
 * allowed as well.
 */
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv6');

function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateRanges.check(mapped[1]!, 'ipv4');
  return privateRanges.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why an address is refused (a key of `adminApi.integrations`), or null when a webhook may go there. */
export type AddressProblem = 'invalidUrl' | 'httpsOnly' | 'privateAddress' | 'unresolvable';

export async function addressProblem(url: string, allowPrivate: boolean): Promise<AddressProblem | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalidUrl';
  }
  if (parsed.username || parsed.password) return 'invalidUrl';
  const loopback = LOOPBACK_NAMES.has(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && allowPrivate && loopback)) return 'httpsOnly';
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return 'unresolvable';
  }
  return addresses.length === 0 || addresses.some(isPrivateAddress) ? 'privateAddress' : null;
}
