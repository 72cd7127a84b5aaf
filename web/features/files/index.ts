/** Uploads (spec sections 4 and 7): the one way a screen sends a file, and the controls built on it. */
export { uploadFile, uploadErrorMessage, isUploadCancelled, type UploadOptions } from './upload-file';
export { useUpload, isUploading, type Upload, type UploadState } from './use-upload';
export { AttachedFile } from './attached-file';
export {
  PostFilesField,
  NO_POST_FILES,
  moveItem,
  undescribedPhotos,
  type PostFilesValue,
} from './post-files-field';
export { FilePicker } from './file-picker';
export { UploadProgress } from './upload-progress';
