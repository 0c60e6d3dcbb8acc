import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('works on a fresh machine with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      webDist: undefined,
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      rateLimitFactor: 1,
      logLevel: 'info',
    });
    expect(config.iceServers.length).toBeGreaterThan(0);
  });

  it('treats empty values as unset and parses the rest', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: '',
      PUBLIC_URL: 'https://study.example.com/',
      ICE_SERVERS: '[{"urls":"turn:turn.example.com","username":"u","credential":"p"}]',
      TRUST_PROXY: '1',
      WEB_DIST: '/srv/studycircle/web',
    });
    expect(config.port).toBe(8080);
    expect(config.webDist).toBe('/srv/studycircle/web');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://study.example.com');
    expect(config.iceServers).toEqual([
      { urls: 'turn:turn.example.com', username: 'u', credential: 'p' },
    ]);
    expect(config.trustProxy).toBe(1);
  });

  it('stops with a message naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ICE_SERVERS: '{',
        JWT_SECRET: 'short',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'ICE_SERVERS', 'JWT_SECRET']) {
      expect(message).toContain(name);
    }
  });

  it('reads RATE_LIMIT_FACTOR as a multiplier and refuses 0 or a bad value, naming it', () => {
    expect(loadConfig({ RATE_LIMIT_FACTOR: '3' }).rateLimitFactor).toBe(3);
    expect(loadConfig({ RATE_LIMIT_FACTOR: '0.5' }).rateLimitFactor).toBe(0.5);
    for (const bad of ['0', '0.0', '-1', 'ten', 'Infinity', '1e400', '2x']) {
      expect(() => loadConfig({ RATE_LIMIT_FACTOR: bad })).toThrow(
        /RATE_LIMIT_FACTOR: must be a number above 0/,
      );
    }
  });

  it('takes TRUST_PROXY as false, a hop count or the proxies addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).trustProxy).toBe(
      '10.0.0.0/8, 192.168.1.7',
    );
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8' }).trustProxy).toBe('fd00::/8');
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0', 'example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads a TURN server and its secret together, and refuses one without the other', () => {
    expect(
      loadConfig({
        TURN_URL: 'turn:t.example.com:3478, turns:t.example.com:5349',
        TURN_SECRET: 'x'.repeat(16),
      }).turn,
    ).toEqual({
      urls: ['turn:t.example.com:3478', 'turns:t.example.com:5349'],
      secret: 'x'.repeat(16),
    });
    expect(loadConfig({}).turn).toBeUndefined();
    expect(() => loadConfig({ TURN_URL: 'turn:t.example.com' })).toThrow(
      /TURN_URL and TURN_SECRET/,
    );
    expect(() => loadConfig({ TURN_URL: 'http://x', TURN_SECRET: 'x'.repeat(16) })).toThrow(
      /TURN_URL/,
    );
    expect(() => loadConfig({ TURN_URL: 'turn:x', TURN_SECRET: 'short' })).toThrow(/TURN_SECRET/);
  });

  it('serves the OpenAPI document only when API_DOCS asks for it', () => {
    expect(loadConfig({}).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: '0' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS: must be true or false/);
  });

  it('reads WATCH_ALLOWED_HOSTS as a list of hosts, and refuses a URL or a port', () => {
    expect(loadConfig({}).watchAllowedHosts).toEqual([]);
    expect(
      loadConfig({ WATCH_ALLOWED_HOSTS: ' video.campus.local, 10.0.0.8,[::1] ,' })
        .watchAllowedHosts,
    ).toEqual(['video.campus.local', '10.0.0.8', '[::1]']);
    for (const bad of ['http://video.campus.local', 'video.campus.local:8080']) {
      expect(() => loadConfig({ WATCH_ALLOWED_HOSTS: bad })).toThrow(/WATCH_ALLOWED_HOSTS/);
    }
  });

  it('starts its own Janus by default, uses JANUS_URL instances when set, and none with off', () => {
    expect(loadConfig({ PATH: '/usr/bin:/bin' }).janus).toEqual({
      mode: 'embedded',
      searchPath: '/usr/bin:/bin',
      rtpPorts: { min: 20000, max: 20999 },
    });
    expect(
      loadConfig({ JANUS_RTP_PORTS: '40000-40199', JANUS_ICE_ENFORCE_LIST: 'veth-sc0,10.0.0.' })
        .janus,
    ).toMatchObject({ rtpPorts: { min: 40000, max: 40199 }, iceEnforceList: 'veth-sc0,10.0.0.' });
    expect(
      loadConfig({
        JANUS_URL: 'ws://10.0.0.5:8188, wss://janus-2.example.com/janus',
        JANUS_API_SECRET: 'api',
        JANUS_ADMIN_KEY: 'key',
      }).janus,
    ).toEqual({
      mode: 'external',
      urls: ['ws://10.0.0.5:8188', 'wss://janus-2.example.com/janus'],
      apiSecret: 'api',
      adminKey: 'key',
    });
    expect(loadConfig({ JANUS_URL: 'off', PATH: '/usr/bin' }).janus).toEqual({ mode: 'off' });
  });

  it('stops at a bad Janus setting, naming it', () => {
    for (const bad of [
      'http://janus:8088',
      'janus:8188',
      'ws://',
      'off,ws://a:1',
      'ws://a:1,ws://a:1',
    ]) {
      expect(() => loadConfig({ JANUS_URL: bad })).toThrow(/JANUS_URL/);
    }
    for (const bad of ['20000', '20000-20005', '80-2000', '60000-70000', 'a-b']) {
      expect(() => loadConfig({ JANUS_RTP_PORTS: bad })).toThrow(/JANUS_RTP_PORTS/);
    }
    for (const bad of ['eth0; rm -rf', 'a,,b', 'x"y']) {
      expect(() => loadConfig({ JANUS_ICE_ENFORCE_LIST: bad })).toThrow(/JANUS_ICE_ENFORCE_LIST/);
    }
  });

  it('reads the call sizes: mesh up to CALL_MESH_MAX, at most CALL_LIMIT through Janus', () => {
    expect(loadConfig({}).calls).toEqual({ meshMax: 4, limit: 50 });
    expect(loadConfig({ CALL_MESH_MAX: '2', CALL_LIMIT: '500' }).calls).toEqual({
      meshMax: 2,
      limit: 500,
    });
    for (const bad of ['1', '9', 'three', '2.5']) {
      expect(() => loadConfig({ CALL_MESH_MAX: bad })).toThrow(
        /CALL_MESH_MAX: must be a whole number from 2 to 8/,
      );
    }
    for (const bad of ['1', '501', 'fifty']) {
      expect(() => loadConfig({ CALL_LIMIT: bad })).toThrow(
        /CALL_LIMIT: must be a whole number from 2 to 500/,
      );
    }
    expect(() => loadConfig({ CALL_MESH_MAX: '6', CALL_LIMIT: '5' })).toThrow(
      /CALL_LIMIT: must be at least CALL_MESH_MAX \(6\)/,
    );
  });
});
