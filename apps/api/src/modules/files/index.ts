// The files module as other modules see it: uploads are employee documents (checked by content and
// size before anything is stored); other modules keep a document id and read it back through here.
export { createLocalFileStore, type FileStore } from './file-store';
export { isDocumentOf } from './files.repo';
export { attachment, filesRoutes, sendFile } from './files.routes';
export { createFilesService, type FilesService, type Upload } from './files.service';
