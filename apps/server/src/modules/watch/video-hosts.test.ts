import { describe, expect, it } from 'vitest';
import { parseVideoUrl } from '@studycircle/shared';
import { videoHostPolicy } from './video-hosts.js';

/** The link as the shared schema hands it to the server (WHATWG URL's normal form). */
const link = (host: string) => parseVideoUrl(`http://${host}/lecture.mp4`)!;

const INTERNAL = [
  // Loopback in every IPv4 spelling URL accepts.
  '127.0.0.1',
  '127.1',
  '2130706433',
  '0x7f.1',
  '0x7f000001',
  '017700000001',
  '127.255.255.254',
  // Unspecified.
  '0',
  '0.0.0.0',
  // Private, shared and link-local (the cloud metadata address).
  '10.0.0.1',
  '172.16.5.4',
  '172.31.255.255',
  '192.168.1.10',
  '100.64.0.1',
  '169.254.169.254',
  '224.0.0.1',
  '255.255.255.255',
  // IPv6: loopback, unspecified, unique local, link-local, IPv4-mapped and -compatible loopback.
  '[::1]',
  '[::]',
  '[fd12:3456::1]',
  '[fe80::1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::ffff:169.254.169.254]',
  '[::127.0.0.1]',
  '[64:ff9b::a00:1]',
  // This computer by name.
  'localhost',
  'LOCALHOST.',
  'app.localhost',
];
const PUBLIC = [
  'media.example.org',
  '93.184.216.34',
  '8.8.8.8',
  '172.32.0.1',
  '192.169.0.1',
  '[2606:4700::1111]',
  '[::ffff:8.8.8.8]',
  'localhost.example.org',
  'mylocalhost',
];

describe('watch link hosts', () => {
  const mayPlay = videoHostPolicy([]);

  it.each(INTERNAL)('refuses %s', (host) => {
    expect(mayPlay(link(host))).toBe(false);
  });

  it.each(PUBLIC)('accepts %s', (host) => {
    expect(mayPlay(link(host))).toBe(true);
  });

  it('accepts the hosts listed in WATCH_ALLOWED_HOSTS, in any spelling, and only those', () => {
    const listed = videoHostPolicy(['Lectures.Campus.localhost', '10.1.2.3', '::1', '127.0.0.1']);
    expect(listed(link('lectures.campus.localhost'))).toBe(true);
    expect(listed(link('10.1.2.3'))).toBe(true);
    expect(listed(link('167838211'))).toBe(true); // 10.1.2.3 as one number
    expect(listed(link('[0:0::1]'))).toBe(true);
    expect(listed(link('127.1'))).toBe(true);
    expect(listed(link('10.1.2.4'))).toBe(false);
    expect(listed(link('localhost'))).toBe(false);
    expect(listed(link('169.254.169.254'))).toBe(false);
    expect(listed(link('media.example.org'))).toBe(true);
  });
});
