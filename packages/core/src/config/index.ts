export {
  loadEnvConfig,
  envList,
  envInteger,
  httpClientEnv,
  type EnvSource,
  type EnvIntegerOptions,
  type HttpClientEnvOptions,
} from './env-config.ts';
