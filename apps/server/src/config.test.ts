import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('works on a fresh machine with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
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
    });
    expect(config.port).toBe(8080);
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
});
