export { loadEnvConfig, envList, type EnvSource } from './env-config.ts';
