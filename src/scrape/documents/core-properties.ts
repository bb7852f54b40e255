import { findFirst, parseXml, textOf } from './xml.js';
import type { ZipPackage } from './zip.js';

/** The title a DOCX or PPTX declares in its core properties, if any (exceljs reads XLSX's itself). */
export async function packageTitle(zip: ZipPackage): Promise<string | undefined> {
  const xml = await zip.text('docProps/core.xml');
  if (!xml) return undefined;
  const title = findFirst(parseXml(xml), 'title');
  const text = title ? textOf(title).trim() : '';
  return text || undefined;
}
