// Public API of @toolsmith/core/files: reading client-named files on a server, confined to the
// folder its operator configured. Node-only (node:fs), so kept off the root entry.
export {
  openUploadFile,
  readUploadFile,
  fileTooLarge,
  formatFileSize,
  isInside,
  type UploadFolder,
  type UploadLimits,
  type UploadFile,
} from './upload-folder.ts';
export { decodeBase64, base64Size } from './base64-content.ts';
export { uploadBytes, type UploadSource, type UploadSources } from './upload-bytes.ts';
