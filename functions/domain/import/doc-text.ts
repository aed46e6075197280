import WordExtractor from 'word-extractor';
import { docBodyParagraphs, stackLines } from './plain-lines.ts';
import { ImportError, type TextDocument } from './types.ts';

/** Read a Word 97–2003 (.doc) file's body text, one line per paragraph. */
export async function extractDoc(bytes: Uint8Array): Promise<TextDocument> {
  let body: string;
  try {
    const document = await new WordExtractor().extract(Buffer.from(bytes));
    body = document.getBody();
  } catch (error) {
    throw new ImportError('IMPORT_UNREADABLE', 'the DOC file cannot be read', { cause: error });
  }
  const lines = stackLines(docBodyParagraphs(body));
  if (lines.length === 0) throw new ImportError('IMPORT_NO_TEXT', 'the DOC file has no text');
  return { kind: 'doc', pages: 1, pageWidth: 612, pageHeight: 792, lines };
}
