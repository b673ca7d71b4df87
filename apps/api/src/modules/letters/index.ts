/** What other modules may use of the letters module (they import this file, never its others). */

export { isLetterDocument, letterDocumentIds } from './letters.repo';
export { checkLetterFile } from './letters.service';
