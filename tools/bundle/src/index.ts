export { bundleServer, type BundleServerOptions, type BundleServerResult } from './bundle-server.ts';
export { startupFiles, type StartupFiles } from './startup-files.ts';
