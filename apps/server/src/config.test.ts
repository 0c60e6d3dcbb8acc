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
});
