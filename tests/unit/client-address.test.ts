/**
 * Who counts as one client for the per-client limits (a link's share of open Checkouts, docs/decisions.md #168;
 * the consumer demo's unlock attempts): the viewer CloudFront appends last to `X-Forwarded-For`, and for IPv6
 * the /64 it sits in — one machine is routinely given a whole /64 and can write from any address in it, so
 * keying by the address let one machine open a fresh share with every call (docs/decisions.md #239).
 */
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '@functions/http/client-address';
import type { HttpEvent } from '@functions/http/http-handler';

/** A request as API Gateway hands it to the handler behind CloudFront. */
const requestFrom = (forwardedFor: string | undefined, sourceIp = '192.0.2.10') =>
  ({
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    requestContext: { http: { sourceIp } },
  }) as unknown as HttpEvent;

describe('one client', () => {
  it('is the last X-Forwarded-For entry: what the client wrote before it is not trusted', () => {
    expect(clientAddressOf(requestFrom('10.0.0.1, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddressOf(requestFrom(undefined, '203.0.113.7'))).toBe('203.0.113.7');
  });

  it('is one IPv6 /64, however its addresses are written', () => {
    const client = clientAddressOf(requestFrom('2001:db8:48:1::1'));
    for (const sibling of [
      '2001:db8:48:1:ffff:ffff:ffff:fffe',
      '2001:0DB8:0048:0001:0:0:0:2',
      '2001:db8:48:1:a::b',
      '10.0.0.1, 2001:db8:48:1::77',
    ])
      expect(clientAddressOf(requestFrom(sibling)), sibling).toBe(client);
    expect(clientAddressOf(requestFrom('2001:db8:48:2::1'))).not.toBe(client);
    expect(clientAddressOf(requestFrom('2001:db8:49:1::1'))).not.toBe(client);
  });

  it('is the IPv4 address of an IPv4-mapped IPv6 address; an IPv4 address stays itself', () => {
    expect(clientAddressOf(requestFrom('::ffff:203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddressOf(requestFrom('203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddressOf(requestFrom('203.0.113.10'))).not.toBe('203.0.113.9');
  });
});
