export { bundleServer, type BundleServerOptions, type BundleServerResult } from './bundle-server.ts';
export { startupFiles, type StartupFiles, type StartupFilesOptions } from './startup-files.ts';
