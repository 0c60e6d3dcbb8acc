import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedJanus, findJanusBinary, janusConfigFiles } from './janus-process.js';

/**
 * The embedded Janus's configuration, and what the manager does with a Janus that will not
 * start; none of it needs Janus installed. The manager with the real Janus is in
 * janus-process.janus.test.ts.
 */

const folders: string[] = [];
function folder(): string {
  const f = mkdtempSync(join(tmpdir(), 'sc-janus-unit-'));
  folders.push(f);
  return f;
}
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

const secrets = { apiSecret: 'api-secret', adminKey: 'admin-key', adminSecret: 'admin-secret' };

describe('the embedded Janus configuration', () => {
  const files = janusConfigFiles({
    folder: '/data/janus',
    libraries: undefined,
    secrets,
    wsPort: 41_001,
    adminPort: 41_002,
    rtpPorts: { min: 20_000, max: 20_099 },
    iceEnforceList: 'veth-sc1',
  });

  it('keeps both APIs on loopback, for loopback clients only', () => {
    const ws = files['janus.transport.websockets.jcfg']!;
    expect(ws).toContain('ws_port = 41001');
    expect(ws).toContain('ws_ip = "127.0.0.1"');
    expect(ws).toContain('ws_acl = "127."');
    expect(ws).toContain('admin_ws_port = 41002');
    expect(ws).toContain('admin_ws_ip = "127.0.0.1"');
    expect(ws).toContain('admin_ws_acl = "127."');
    expect(ws).toContain('wss = false');
  });

  it('locks Janus with secrets, and room creation with the admin key', () => {
    const janus = files['janus.jcfg']!;
    expect(janus).toContain('api_secret = "api-secret"');
    expect(janus).toContain('admin_secret = "admin-secret"');
    expect(files['janus.plugin.videoroom.jcfg']).toContain('admin_key = "admin-key"');
  });

  it('narrows media to its port range and the interfaces it is told', () => {
    const janus = files['janus.jcfg']!;
    expect(janus).toContain('rtp_port_range = "20000-20099"');
    expect(janus).toContain('ignore_mdns = true');
    expect(janus).toContain('ice_enforce_list = "veth-sc1"');
    expect(
      janusConfigFiles({
        folder: '/d',
        libraries: undefined,
        secrets,
        wsPort: 1,
        adminPort: 2,
        rtpPorts: { min: 20_000, max: 20_099 },
      })['janus.jcfg'],
    ).not.toContain('ice_enforce_list');
  });

  it('switches off every plugin but the VideoRoom and every transport but websockets', () => {
    const janus = files['janus.jcfg']!;
    const disabled = (section: string) =>
      new RegExp(`${section}: \\{\\n  disable = "([^"]*)"`).exec(janus)?.[1]?.split(',') ?? [];
    expect(disabled('plugins')).toContain('libjanus_audiobridge.so');
    expect(disabled('plugins')).toContain('libjanus_streaming.so');
    expect(disabled('plugins')).not.toContain('libjanus_videoroom.so');
    expect(disabled('transports')).toContain('libjanus_http.so');
    expect(disabled('transports')).not.toContain('libjanus_websockets.so');
  });

  it('quotes what it is given, so a value cannot end its string', () => {
    const odd = janusConfigFiles({
      folder: '/data/my "janus"',
      libraries: undefined,
      secrets: { ...secrets, adminKey: 'a"b' },
      wsPort: 1,
      adminPort: 2,
      rtpPorts: { min: 20_000, max: 20_099 },
    });
    expect(odd['janus.jcfg']).toContain('configs_folder = "/data/my \\"janus\\""');
    expect(odd['janus.plugin.videoroom.jcfg']).toContain('admin_key = "a\\"b"');
  });
});

describe('the embedded Janus manager', () => {
  it('finds an executable janus on a PATH, and nothing else', () => {
    const bin = folder();
    const other = folder();
    writeFileSync(join(other, 'janus'), 'not executable');
    expect(findJanusBinary(`${other}:${bin}`)).toBeUndefined();
    writeFileSync(join(bin, 'janus'), '#!/bin/sh\n');
    chmodSync(join(bin, 'janus'), 0o755);
    expect(findJanusBinary(`${other}:${bin}`)).toBe(join(bin, 'janus'));
    expect(findJanusBinary(undefined)).toBeUndefined();
  });

  it('keeps its secrets across restarts, private to the server', () => {
    const f = folder();
    const bin = join(folder(), 'janus');
    writeFileSync(bin, '#!/bin/sh\nexit 1\n');
    chmodSync(bin, 0o755);
    const one = createEmbeddedJanus({
      binary: bin,
      folder: f,
      rtpPorts: { min: 1, max: 2 },
      log: quiet,
    });
    const two = createEmbeddedJanus({
      binary: bin,
      folder: f,
      rtpPorts: { min: 1, max: 2 },
      log: quiet,
    });
    expect(two.apiSecret).toBe(one.apiSecret);
    expect(two.adminKey).toBe(one.adminKey);
    expect(one.apiSecret).toMatch(/^[\w-]{32}$/);
    expect(readFileSync(join(f, 'secrets.json'), 'utf8')).toContain(one.adminKey);
  });

  it('tries a Janus that dies at start again with a growing delay, until stopped', async () => {
    const f = folder();
    const bin = join(folder(), 'janus');
    const tries = join(f, 'tries');
    // Dies at once, saying why on stdout as Janus does, and counts its starts.
    writeFileSync(bin, `#!/bin/sh\necho x >> ${tries}\necho "[ERR] cannot bind"\nexit 1\n`);
    chmodSync(bin, 0o755);
    const warnings: string[] = [];
    const janus = createEmbeddedJanus({
      binary: bin,
      folder: f,
      rtpPorts: { min: 20_000, max: 20_099 },
      log: { ...quiet, warn: (_o: object, msg: string) => void warnings.push(msg) },
      restartDelayMs: { first: 50, max: 400 },
    });
    const exits: unknown[] = [];
    janus.onExit((e) => exits.push(e));
    await expect(janus.start()).rejects.toThrow(/exited during start-up/);
    const count = () => readFileSync(tries, 'utf8').split('\n').filter(Boolean).length;
    // 50, 100, 200, 400, 400... ms apart: five starts take about 750 ms, not 200.
    const started = Date.now();
    while (count() < 5) await new Promise((r) => setTimeout(r, 20));
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(janus.ready).toBe(false);
    expect(exits.length).toBeGreaterThanOrEqual(4);
    expect(warnings).toContain('Janus reported an error');
    await janus.stop();
    const after = count();
    await new Promise((r) => setTimeout(r, 600));
    expect(count()).toBe(after);
  });
});

const quiet = { debug() {}, info() {}, warn() {} };
