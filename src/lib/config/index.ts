// DOOR_HEADER
export { effectiveSslMode, type SslMode, tlsRequestFromUrl, unverifiedDatabaseTls, withoutTlsParameters } from './database-tls';
export { ConfigError, env, envSchema } from './env';
