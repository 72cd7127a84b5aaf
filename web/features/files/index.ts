/** Uploads (spec sections 4 and 7): the one way a screen sends a file, and the controls built on it. */
export { uploadFile, uploadErrorMessage, isUploadCancelled, type UploadOptions } from './upload-file';
export { useUpload, isUploading, type Upload, type UploadState } from './use-upload';
export { AttachmentField, NO_ATTACHMENT, type AttachmentValue } from './attachment-field';
export { AttachedFile } from './attached-file';
export { FilePicker } from './file-picker';
export { UploadProgress } from './upload-progress';
export { UPLOAD_TEXT } from './messages';
