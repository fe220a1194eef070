import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('uses development defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('./data');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
  });

  it('runs one process unless WEB_CONCURRENCY says more, and more only on PostgreSQL', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/app' }).webConcurrency).toBe(4);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      'Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL (PostgreSQL): the embedded database serves one process (got "2")',
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://db/app' })).toThrow(
      /WEB_CONCURRENCY must be 1 to 32/,
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: 'many' })).toThrow(/WEB_CONCURRENCY must be a number/);
  });

  it('names the variable when PORT is not a port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT must be a number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be 0-65535/);
  });

  it('refuses a DATABASE_URL that is not a postgres URL, without echoing it', () => {
    let message = '';
    try {
      loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/app' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: DATABASE_URL must be a URL like postgres:/);
    expect(message).not.toContain('hunter2');
    expect(message.split('\n')).toHaveLength(1);
  });

  it('requires a long APP_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET is required in production/);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) }).isProduction).toBe(true);
  });

  it('parses booleans and trims the trailing slash of APP_URL', () => {
    const config = loadConfig({ SEED_DEMO: 'false', APP_URL: 'https://learn.example.com/' });
    expect(config.seedDemo).toBe(false);
    expect(config.appUrl).toBe('https://learn.example.com');
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO must be true or false/);
  });

  it('reads the metrics token and port, without echoing a short token', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: ' ', METRICS_PORT: '' }).metrics.token).toBeUndefined();
    const token = 'm'.repeat(24);
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }).metrics).toEqual({ token, port: 9464 });
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(
      /^Invalid configuration: METRICS_TOKEN must be at least 24 characters$/,
    );
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
  });
});
