import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * A subscription invoice as a PDF (A4), in the customer's language, right to left in Arabic. Text is set
 * in Noto Sans (its Arabic and Latin files, embedded as subsets by pdfkit): Arabic words are shaped by the
 * font engine, and a line mixing Arabic with numbers or Latin words is laid out word by word in the order
 * the Unicode bidi algorithm gives (visualOrder), so it reads as a browser shows it.
 */

const require = createRequire(import.meta.url);
const FONT_DIR = require.resolve('@fontsource/noto-sans-arabic/package.json').replace(/package\.json$/, 'files/');
const FONTS = {
  arabic: `${FONT_DIR}noto-sans-arabic-arabic-400-normal.woff`,
  arabicBold: `${FONT_DIR}noto-sans-arabic-arabic-700-normal.woff`,
  latin: `${FONT_DIR}noto-sans-arabic-latin-400-normal.woff`,
  latinBold: `${FONT_DIR}noto-sans-arabic-latin-700-normal.woff`,
};

export interface InvoiceLine {
  /** The store's local date, 'YYYY-MM-DD'. */
  date: string;
  order_id: number;
  quantity: number;
  /** Formatted amount, e.g. 'AED 37.50'. */
  amount: string;
}

/** The facts listed under the invoice's title, in this order, each beside its label. */
const FACTS = ['number', 'issued', 'period', 'customer', 'store', 'item', 'frequency'] as const;
type InvoiceFact = (typeof FACTS)[number];

export interface InvoiceDocument extends Record<InvoiceFact, string> {
  lang: string;
  rtl: boolean;
  labels: InvoiceLabels;
  vendor_name: string;
  lines: InvoiceLine[];
  /** Label and formatted amount, in order; the last is the total. */
  totals: Array<[string, string]>;
  note: string;
}

/** The invoice's words: the title, a label per fact, the headings of the lines, and the text of an empty period. */
export interface InvoiceLabels extends Record<InvoiceFact, string> {
  invoice: string;
  date: string;
  order: string;
  quantity: string;
  amount: string;
  none: string;
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const LATIN = /[A-Za-z\u00C0-\u024F]/;
/** Punctuation the Arabic font files do not carry, split off an Arabic word (the sentence's full stop). */
const EDGE_PUNCTUATION = /^([.,:;!?()"'«»-]*)(.*?)([.,:;!?()"'«»-]*)$/u;

/** A word as it is drawn: Arabic words in the Arabic font (shaped, right to left), others left to right. */
export interface Token {
  text: string;
  arabic: boolean;
}

/**
 * The words of one line in the order they appear from left to right, by a simplified Unicode bidi
 * algorithm on whole words: Arabic words are right to left, Latin words left to right, and numbers and
 * punctuation take the direction around them (between two Latin words Latin, else the line's own; in a
 * right-to-left line '12 × 500' reads 12, then ×, then 500 from the right, as browsers show it).
 */
export function visualOrder(text: string, rtl: boolean): Token[] {
  const words: Token[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!ARABIC.test(word)) {
      words.push({ text: word, arabic: false });
      continue;
    }
    const [, lead = '', core = '', tail = ''] = EDGE_PUNCTUATION.exec(word) ?? [];
    if (lead) words.push({ text: lead, arabic: false });
    words.push({ text: core, arabic: true });
    if (tail) words.push({ text: tail, arabic: false });
  }
  const strong = words.map((word) => (word.arabic ? 'R' : LATIN.test(word.text) ? 'L' : 'N'));
  const base = rtl ? 'R' : 'L';
  // A neutral (number, punctuation) between two words of the other direction takes theirs, else the line's.
  const direction = strong.map((kind, i) => {
    if (kind !== 'N') return kind;
    const before = strong.slice(0, i).reverse().find((k) => k !== 'N') ?? base;
    const after = strong.slice(i + 1).find((k) => k !== 'N') ?? base;
    return before === after ? before : base;
  });
  // Runs of one direction, in logical order.
  const runs: Array<{ rtl: boolean; words: Token[] }> = [];
  words.forEach((word, i) => {
    const runRtl = direction[i] === 'R';
    const last = runs[runs.length - 1];
    if (last && last.rtl === runRtl) last.words.push(word);
    else runs.push({ rtl: runRtl, words: [word] });
  });
  const ordered = rtl ? [...runs].reverse() : runs;
  return ordered.flatMap((run) => (run.rtl ? [...run.words].reverse() : run.words));
}

export function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${doc.labels.invoice} ${doc.number}`, Author: doc.vendor_name }, lang: doc.lang });
  pdf.registerFont('arabic', FONTS.arabic);
  pdf.registerFont('arabic-bold', FONTS.arabicBold);
  pdf.registerFont('latin', FONTS.latin);
  pdf.registerFont('latin-bold', FONTS.latinBold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = 50;
  const right = pdf.page.width - 50;
  const width = right - left;

  /** One line of text in a box [x, x + w), aligned to the start of the reading direction unless told. */
  const write = (text: string, x: number, y: number, w: number, options: { size?: number; bold?: boolean; align?: 'start' | 'end' } = {}) => {
    const size = options.size ?? 10;
    const bold = options.bold ?? false;
    const font = (arabic: boolean) => `${arabic ? 'arabic' : 'latin'}${bold ? '-bold' : ''}`;
    const tokens = visualOrder(text, doc.rtl);
    const space = pdf.font(font(false)).fontSize(size).widthOfString(' ');
    const widths = tokens.map((token) => pdf.font(font(token.arabic)).fontSize(size).widthOfString(token.text));
    const total = widths.reduce((sum, tokenWidth) => sum + tokenWidth, 0) + space * Math.max(0, tokens.length - 1);
    // The start of a line is its right edge in a right-to-left document.
    const toRight = doc.rtl ? options.align !== 'end' : options.align === 'end';
    let at = toRight ? x + w - Math.min(total, w) : x;
    tokens.forEach((token, i) => {
      pdf.font(font(token.arabic)).fontSize(size).text(token.text, at, y, { lineBreak: false });
      at += widths[i]! + space;
    });
  };
  /** Columns of a row, mirrored in a right-to-left document: [text, width share, align]. */
  const row = (cells: Array<[string, number, 'start' | 'end']>, y: number, bold = false) => {
    let at = doc.rtl ? right : left;
    for (const [text, share, align] of cells) {
      const w = width * share;
      if (doc.rtl) at -= w;
      write(text, at + 4, y, w - 8, { bold, align });
      if (!doc.rtl) at += w;
    }
  };
  /** A row of the lines' table in its columns: date, order, quantity, amount. */
  const lineRow = ([date, order, quantity, amount]: [string, string, string, string], y: number, bold = false) =>
    row([[date, 0.3, 'start'], [order, 0.25, 'start'], [quantity, 0.2, 'end'], [amount, 0.25, 'end']], y, bold);

  let y = 50;
  write(doc.vendor_name, left, y, width, { size: 18, bold: true });
  y += 28;
  write(`${doc.labels.invoice} ${doc.number}`, left, y, width, { size: 14, bold: true });
  y += 30;
  for (const fact of FACTS) {
    row([[doc.labels[fact], 0.25, 'start'], [doc[fact], 0.75, 'start']], y);
    y += 16;
  }
  y += 14;
  lineRow([doc.labels.date, doc.labels.order, doc.labels.quantity, doc.labels.amount], y, true);
  y += 22;
  pdf.moveTo(left, y - 3).lineTo(right, y - 4).lineWidth(0.5).stroke('#999999');
  if (doc.lines.length === 0) {
    write(doc.labels.none, left, y, width);
    y += 16;
  }
  for (const line of doc.lines) {
    if (y > pdf.page.height - 140) {
      pdf.addPage();
      y = 50;
    }
    lineRow([line.date, `#${line.order_id}`, String(line.quantity), line.amount], y);
    y += 15;
  }
  y += 10;
  pdf.moveTo(left, y - 4).lineTo(right, y - 4).lineWidth(0.5).stroke('#999999');
  doc.totals.forEach(([label, amount], i) => {
    const last = i === doc.totals.length - 1;
    row([[label, 0.75, 'end'], [amount, 0.25, 'end']], y, last);
    y += last ? 18 : 15;
  });
  y += 14;
  write(doc.note, left, y, width, { size: 9 });
  pdf.end();
  return done;
}
