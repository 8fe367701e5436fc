/**
 * The pasted 271 as text, read in the browser only: its segments as written (for the list under the result) and a
 * .txt/.x12/.edi file loaded from the user's disk. Nothing here names loops or explains elements: that is the
 * service's X12 dictionary (the source view's), which the preview's reply does not carry. The size limit is the
 * contract's X271_PREVIEW_MAX_CHARS, passed in (x271-limit.ts).
 */
/** An ISA segment is fixed width: 'ISA', 16 elements, and the segment terminator as its 106th character. */
const ISA_LENGTH = 106;
const DEFAULT_TERMINATOR = '~';

/** The segment terminator the interchange declares (its ISA), else the usual '~'. */
function terminatorOf(text: string): string {
  if (!text.startsWith('ISA') || text.length < ISA_LENGTH) return DEFAULT_TERMINATOR;
  return text.charAt(ISA_LENGTH - 1);
}

/**
 * The segments as pasted, in order, without the line breaks that often follow each terminator. An interchange
 * whose terminator is itself a line break is split by lines.
 */
export function segmentsOf(pasted: string): string[] {
  const text = pasted.trim();
  if (text === '') return [];
  const terminator = terminatorOf(text);
  const parts = terminator === '\n' || terminator === '\r' ? text.split(/\r\n|\r|\n/) : text.split(terminator);
  return parts.map((part) => part.replace(/^[\r\n]+|[\r\n]+$/g, '')).filter((part) => part.trim() !== '');
}

const count = (chars: number) => chars.toLocaleString('en-US');

/** What the box may hold, in words: 'at most 900,000 characters'. */
export const maxCharsText = (max: number) => `at most ${count(max)} characters`;

/** Why the text cannot be previewed as it is, or null. The service says the same (X271PreviewInput). */
export function textProblem(text: string, max: number, required: string): string | null {
  if (text.trim() === '') return required;
  if (text.length > max) return `At most ${count(max)} characters: this one has ${count(text.length)}.`;
  return null;
}

/** Extensions the file picker offers; any text file is read, whatever its name. */
export const X12_FILE_TYPES = '.txt,.x12,.edi,text/plain';

/**
 * A file's text, read locally (nothing is sent until Preview). A file that cannot hold a 271 the tool takes (more
 * bytes than four times the limit: every character is at most four bytes in UTF-8) is refused unread.
 */
export async function readX12File(file: Blob & { name: string }, max: number): Promise<{ text: string } | { problem: string }> {
  if (file.size > max * 4) return { problem: `${file.name} is too large: ${maxCharsText(max)}.` };
  try {
    return { text: await textOf(file) };
  } catch {
    return { problem: `${file.name} could not be read.` };
  }
}

/** Blob.text() through FileReader, which jsdom (the component tests' browser) implements as well. */
function textOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}
