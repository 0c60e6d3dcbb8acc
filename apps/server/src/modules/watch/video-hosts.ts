import { BlockList, isIP } from 'node:net';

/**
 * Which hosts a watch-together link may point at (docs/decisions/0045-watch-link-hosts.md). Every
 * member's browser loads the link, so a link to this computer, the campus network or a cloud
 * metadata address would send every member's browser, with their address, where one member
 * chooses. Refused: loopback, private, link-local, shared (carrier-grade NAT), unspecified,
 * multicast and reserved addresses in any spelling, and `localhost` with its subdomains, unless
 * the host is listed in WATCH_ALLOWED_HOSTS (a campus that serves lectures from an intranet host).
 *
 * The link was parsed with WHATWG URL rules (packages/shared watch.ts), which already write every
 * IPv4 spelling (`0`, `2130706433`, `0x7f.1`, `127.1`, `017700000001`) as dotted decimal and IPv6
 * in its short form, so only that form is checked here. Node's BlockList matches IPv4 rules
 * against IPv4-mapped IPv6 addresses (`::ffff:7f00:1`) too.
 */

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form (::7f00:1)
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** A host as URL writes it (lower case, IPv6 without brackets), without a trailing dot. */
function canonicalHost(host: string): string {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  try {
    const hostname = new URL(`http://${isIP(bare) === 6 ? `[${bare}]` : bare}/`).hostname;
    return hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  } catch {
    return bare.toLowerCase().replace(/\.$/, '');
  }
}

/** Whether `host` (canonical) is one of this network's own: an address above or localhost. */
function isInternal(host: string): boolean {
  const family = isIP(host);
  if (family !== 0) return BLOCKED.check(host, family === 6 ? 'ipv6' : 'ipv4');
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * The check for links, given WATCH_ALLOWED_HOSTS (host names or addresses, any spelling): true
 * when the link's host may be played in every member's browser.
 */
export function videoHostPolicy(allowedHosts: readonly string[]): (src: string) => boolean {
  const allowed = new Set(allowedHosts.map(canonicalHost));
  return (src) => {
    let host: string;
    try {
      host = canonicalHost(new URL(src).hostname);
    } catch {
      return false;
    }
    return allowed.has(host) || !isInternal(host);
  };
}
