import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import yauzl from 'yauzl';
import {
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_MAX_ROWS,
  BULK_UPLOAD_MAX_UNPACKED_MB,
  BULK_UPLOAD_REQUIRED_COLUMNS,
  uploadKindOf,
  type BulkUploadColumn,
} from '@tt/domain';
import { AppError, fail } from '../../platform/errors.ts';

/**
 * Reading an uploaded product file (docs/decisions/021) into header-mapped text cells, refusing hostile
 * files before a spreadsheet library sees them: the type is told by the bytes as well as the name, an
 * .xlsx's parts are unpacked once under a size cap (declared and actual) before ExcelJS reads it, a
 * formula gives its saved value (never evaluated), and no file yields more than the row limit.
 */

/** A formula cell without a saved value (refused per cell by the validation). */
export const FORMULA_WITHOUT_VALUE = '\u0000formula';

export interface ParsedRow {
  /** The row's number as the spreadsheet shows it. */
  line: number;
  cells: Partial<Record<BulkUploadColumn, string>>;
}

const MAX_UNPACKED = BULK_UPLOAD_MAX_UNPACKED_MB * 1024 * 1024;
/** More parts than an .xlsx of one product sheet ever has. */
const MAX_ZIP_ENTRIES = 500;

const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The header's names mapped to the template's columns ("Selling Price" reads as selling_price). */
function columnsOf(header: readonly string[]): (BulkUploadColumn | null)[] {
  const known = new Set<string>(BULK_UPLOAD_COLUMNS);
  const mapped = header.map((h) => {
    const key = h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    return known.has(key) ? (key as BulkUploadColumn) : null;
  });
  const missing = BULK_UPLOAD_REQUIRED_COLUMNS.filter((c) => !mapped.includes(c));
  if (missing.length > 0) throw fail('bulk_upload.missing_columns', { columns: missing.join(', ') });
  return mapped;
}

const tooManyRows = () => fail('bulk_upload.too_many_rows', { max_rows: BULK_UPLOAD_MAX_ROWS });

export async function parseUpload(filename: string, bytes: Buffer): Promise<ParsedRow[]> {
  const kind = uploadKindOf(filename);
  if (kind === 'xls' || startsWith(bytes, OLE)) throw fail('bulk_upload.xls');
  if (kind === null) throw fail('bulk_upload.file_type');
  if (bytes.length === 0) throw fail('bulk_upload.empty');
  if (kind === 'xlsx') {
    if (!startsWith(bytes, ZIP)) throw fail('bulk_upload.unreadable');
    await checkUnpackedSize(bytes);
    return readXlsx(bytes);
  }
  return readCsv(bytes);
}

// ---------------------------------------------------------------------------------------------------
// CSV

function readCsv(bytes: Buffer): ParsedRow[] {
  // A spreadsheet or any binary named .csv: refused before it is read as text.
  if (startsWith(bytes, ZIP) || bytes.includes(0)) throw fail('bulk_upload.not_text');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fail('bulk_upload.not_text');
  }
  // Control characters other than tab and line ends do not occur in a product list.
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) {
      throw fail('bulk_upload.not_text');
    }
  }
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    // Header, the row limit and one more to know it was passed.
    preview: BULK_UPLOAD_MAX_ROWS + 2,
  });
  const lines = parsed.data;
  const headerAt = lines.findIndex((l) => l.some((c) => c.trim() !== ''));
  if (headerAt < 0) throw fail('bulk_upload.empty');
  const columns = columnsOf(lines[headerAt]!);
  const rows: ParsedRow[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.every((c) => c.trim() === '')) continue;
    if (rows.length === BULK_UPLOAD_MAX_ROWS) throw tooManyRows();
    const cells: ParsedRow['cells'] = {};
    columns.forEach((column, at) => {
      if (column) cells[column] = line[at] ?? '';
    });
    rows.push({ line: i + 1, cells });
  }
  if (parsed.meta.truncated && rows.length >= BULK_UPLOAD_MAX_ROWS) throw tooManyRows();
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// .xlsx

/**
 * A zip bomb stops here: the parts' declared sizes must add up to at most the cap, and each part is
 * unpacked once while counting, stopping at the cap (yauzl also refuses a part longer than declared).
 */
async function checkUnpackedSize(bytes: Buffer): Promise<void> {
  const bomb = () => fail('bulk_upload.expands_too_much', { max_mb: BULK_UPLOAD_MAX_UNPACKED_MB });
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, z) =>
      error || !z ? reject(fail('bulk_upload.unreadable')) : resolve(z),
    ),
  );
  if (zip.entryCount > MAX_ZIP_ENTRIES) throw fail('bulk_upload.unreadable');
  let declared = 0;
  let actual = 0;
  await new Promise<void>((resolve, reject) => {
    const stop = (error: unknown) => {
      zip.close();
      reject(error);
    };
    zip.on('error', () => stop(fail('bulk_upload.unreadable')));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      declared += entry.uncompressedSize;
      if (declared > MAX_UNPACKED) return stop(bomb());
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return stop(fail('bulk_upload.unreadable'));
        stream.on('data', (chunk: Buffer) => {
          actual += chunk.length;
          if (actual > MAX_UNPACKED) {
            stream.destroy();
            stop(bomb());
          }
        });
        stream.on('error', () => stop(fail('bulk_upload.unreadable')));
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.readEntry();
  });
}

/** A cell's value as text: a formula gives its saved result, never a computation of ours. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    if (result === undefined || result === null) return FORMULA_WITHOUT_VALUE;
    if (typeof result === 'object' && !(result instanceof Date) && 'error' in result)
      return String(result.error);
    return cellText(result);
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
}

async function readXlsx(bytes: Buffer): Promise<ParsedRow[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: ParsedRow[] = [];
  let columns: (BulkUploadColumn | null)[] | null = null;
  try {
    // The first sheet only (the template's second sheet lists the allowed values).
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          values[col - 1] = cellText(cell.value);
        });
        const texts = Array.from(values, (v) => v ?? '');
        if (texts.every((t) => t.trim() === '')) continue;
        if (!columns) {
          columns = columnsOf(texts);
          continue;
        }
        if (rows.length === BULK_UPLOAD_MAX_ROWS) throw tooManyRows();
        const cells: ParsedRow['cells'] = {};
        columns.forEach((column, at) => {
          if (column) cells[column] = texts[at] ?? '';
        });
        rows.push({ line: row.number, cells });
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fail('bulk_upload.unreadable');
  }
  if (!columns) throw fail('bulk_upload.empty');
  return rows;
}
