/**
 * The invoice's hosted page and its PDF (what `hosted_invoice_url` and `invoice_pdf` point to). The PDF is a
 * one-page PDF 1.4 written by hand: Helvetica text lines, no dependency. Pure.
 */
import { formatAmount } from '../billing-math';
import { type Invoice } from '../wire-types';
import { escapeHtml, htmlDocument } from './html';

function day(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** The invoice as lines of text: the same content for the page and the PDF. */
export function invoiceText(invoice: Invoice): { title: string; facts: [string, string][]; lines: [string, string][]; totals: [string, string][] } {
  const money = (cents: number): string => formatAmount(cents, invoice.currency);
  const discount = invoice.total_discount_amounts.reduce((sum, { amount }) => sum + amount, 0);
  return {
    title: `Invoice ${invoice.number}`,
    facts: [
      ['Status', invoice.status],
      ['Date', day(invoice.created)],
      ['Period', `${day(invoice.period_start)} to ${day(invoice.period_end)}`],
      ['Billed to', invoice.customer_name ?? invoice.customer_email ?? invoice.customer],
    ],
    lines: invoice.lines.data.map((line) => [line.description, money(line.amount)]),
    totals: [
      ['Subtotal', money(invoice.subtotal)],
      ...(discount > 0 ? ([['Discount', `-${money(discount)}`]] as [string, string][]) : []),
      ['Total', money(invoice.total)],
      ['Amount paid', money(invoice.amount_paid)],
      ['Amount remaining', money(invoice.amount_remaining)],
    ],
  };
}

export function renderInvoicePage(invoice: Invoice): string {
  const text = invoiceText(invoice);
  const row = ([label, value]: [string, string], header = false): string =>
    header
      ? `<tr><th scope="row">${escapeHtml(label)}</th><td class="amount">${escapeHtml(value)}</td></tr>`
      : `<tr><td>${escapeHtml(label)}</td><td class="amount">${escapeHtml(value)}</td></tr>`;
  const main = `<h1>${escapeHtml(text.title)}</h1>
<table><caption class="visually-hidden">Invoice details</caption><tbody>${text.facts.map((fact) => row(fact, true)).join('')}</tbody></table>
<table><caption class="visually-hidden">Items</caption><thead><tr><th scope="col">Description</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>${text.lines.map((line) => row(line)).join('')}</tbody></table>
<table><caption class="visually-hidden">Totals</caption><tbody>${text.totals.map((total) => row(total, true)).join('')}</tbody></table>
<p><a href="${escapeHtml(invoice.invoice_pdf)}">Download invoice (PDF)</a></p>`;
  return htmlDocument(text.title, main);
}

/** Text for a PDF string literal: ASCII only (the base font's encoding), with its special characters escaped. */
function pdfString(text: string): string {
  const ascii = text.replace(/×/g, 'x').replace(/[^\x20-\x7e]/g, '?');
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export function renderInvoicePdf(invoice: Invoice): Buffer {
  const text = invoiceText(invoice);
  const rows: [string, string][] = [...text.facts, ['', ''], ...text.lines, ['', ''], ...text.totals];
  const commands = [`BT /F1 18 Tf 50 780 Td ${pdfString(text.title)} Tj ET`];
  rows.forEach(([label, value], index) => {
    const y = 740 - index * 18;
    commands.push(`BT /F1 11 Tf 50 ${y} Td ${pdfString(label)} Tj ET`, `BT /F1 11 Tf 400 ${y} Td ${pdfString(value)} Tj ET`);
  });
  const stream = commands.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  const xref = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
