/**
 * The address a request came from, for per-client limits. Behind CloudFront the API's connection comes
 * from CloudFront, and CloudFront appends the viewer's address as the last `X-Forwarded-For` entry
 * (anything before it the client may have written itself; API Gateway adds no entry of its own): so the
 * last entry is the one to trust. The local gateway appends the socket's address the same way. Without the
 * header at all (a direct call, which the origin check refuses in the cloud), the connection's address.
 * docs/runbook.md, "Client addresses", gives the sources.
 */
import { isIPv6 } from 'node:net';
import type { HttpEvent } from './http-handler';

export function clientAddressOf(event: HttpEvent): string {
  const entries = (event.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return asOneClient(entries.at(-1) ?? event.requestContext.http.sourceIp);
}

/**
 * An IPv6 address counts as its /64 (`2001:db8:48:1::/64`): a host is given a whole /64 (RFC 4291 §2.5.1,
 * 64-bit interface identifiers) and can send from any address in it, so one machine would otherwise be a
 * new client with every call (docs/decisions.md #239). An IPv4-mapped address (`::ffff:203.0.113.9`) is
 * its IPv4 address; anything else is returned as it came.
 */
function asOneClient(address: string): string {
  const withoutZone = address.split('%')[0]!;
  if (!isIPv6(withoutZone)) return address;
  const groups = ipv6Groups(withoutZone.toLowerCase());
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a dotted IPv4 tail read as two groups. */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
