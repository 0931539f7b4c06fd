// The front door of environment variables, read and checked in one place. Pure and safe in the browser.
export { effectiveSslMode, type SslMode, tlsRequestFromUrl, unverifiedDatabaseTls, withoutTlsParameters } from './database-tls';
export { ConfigError, env, envSchema, parseEnv } from './env';
