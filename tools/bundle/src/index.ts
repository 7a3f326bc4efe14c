export { bundleServer, type BundleServerOptions, type BundleServerResult } from './bundle-server.ts';
