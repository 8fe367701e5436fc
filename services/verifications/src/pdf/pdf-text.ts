/**
 * Test support: the text and size of each page of a PDF, read by pdf.js (pdfjs-dist, a root devDependency), so
 * tests read a PDF as a person would without poppler on the machine. pdf.js ships as ES modules only, which
 * jest's CommonJS runtime cannot load; a child Node process imports it natively and answers JSON.
 */
import { spawn } from 'node:child_process';

export interface PdfPage {
  /** The page's text: items on one line separated by a space, lines by '\n', runs of spaces collapsed. */
  readonly text: string;
  /** In points: Letter is 612 x 792, A4 595.28 x 841.89. */
  readonly width: number;
  readonly height: number;
}

const READ_PAGES = `
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, verbosity: 0 }).promise;
const pages = [];
for (let number = 1; number <= pdf.numPages; number += 1) {
  const page = await pdf.getPage(number);
  const { width, height } = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\\n' : ' ') : '')).join('');
  pages.push({ text, width, height });
}
process.stdout.write(JSON.stringify(pages));
`;

function normalized(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

export function readPdfPages(pdf: Buffer): Promise<PdfPage[]> {
  return new Promise((resolve, reject) => {
    // The working folder lets the child resolve pdfjs-dist from the repository's node_modules.
    const child = spawn(process.execPath, ['--input-type=module', '--eval', READ_PAGES], { cwd: __dirname, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`pdf.js could not read the PDF: ${Buffer.concat(err).toString()}`));
      const pages = JSON.parse(Buffer.concat(out).toString()) as PdfPage[];
      resolve(pages.map((page) => ({ ...page, text: normalized(page.text) })));
    });
    child.stdin.end(pdf);
  });
}

/** The text of every page, pages separated by a blank line. */
export async function readPdfText(pdf: Buffer): Promise<string> {
  return (await readPdfPages(pdf)).map((page) => page.text).join('\n\n');
}
