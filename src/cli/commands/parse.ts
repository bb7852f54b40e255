import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { Format } from '../../../sdk/js/src/index.js';
import { type ApiOptions, clientFor, list, printJson, withApiOptions } from '../api.js';

interface ParseFlags extends ApiOptions {
  formats?: string[];
}

/** `trawl parse FILE`: a local document (PDF, DOCX, XLSX, HTML, …) uploaded and converted. */
export function registerParse(program: Command) {
  withApiOptions(program.command('parse').description('convert a local file (PDF, DOCX, XLSX, PPTX, HTML, …) to markdown'))
    .argument('<file>')
    .option('--formats <list>', 'formats to ask for, comma-separated; shown with --format json', list)
    .action(async (file: string, flags: ParseFlags) => {
      let data: Buffer;
      try {
        data = fs.readFileSync(file);
      } catch (err) {
        throw new Error(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      }
      const formats = (flags.formats ?? ['markdown']) as Format[];
      if (flags.format === 'markdown' && !formats.includes('markdown')) formats.push('markdown');
      const doc = await clientFor(flags).parse({ data, filename: path.basename(file) }, { formats });
      if (flags.format === 'json') printJson(doc);
      else process.stdout.write(`${(doc.markdown ?? '').trimEnd()}\n`);
    });
}
