/**
 * The question import in `npm run bench`: an administrator previews, then imports, a CSV of 5,000
 * questions (half the most one file may hold, decision 0039) into a new draft exam, one request each,
 * timed from this process. Target (docs/performance.md): preview and import together in < 10 s. The exam
 * is deleted afterwards, so the bench database does not grow from run to run.
 */
import { CSV_HEADER } from '../packages/contract/src/question-imports.ts';
import { call } from './load.ts';

type Log = (line: string) => void;

export const IMPORT_QUESTIONS = 5000;

export interface ImportFigures {
  scenario: string;
  previewSeconds: number;
  importSeconds: number;
  seconds: number;
}

/** The spec's ten columns, which the file fills; the later ones are optional. */
const HEADER = CSV_HEADER.slice(0, 10).join(',');

export async function questionImport(url: string, adminToken: string, log: Log): Promise<ImportFigures> {
  const admin = <T>(method: string, path: string, body?: unknown) =>
    call<T>(`${url}${path}`, adminToken, method, body, 'Admin');
  const { exam } = await admin<{ exam: { _id: string } }>('POST', '/api/admin/exams', {
    title: `Bench import ${Date.now()}`,
    category: 'medical',
    description: 'A draft exam the import scenario fills and deletes.',
    numberOfQuestions: 10,
    monthlySubscriptionFee: 0,
  });
  const rows = Array.from(
    { length: IMPORT_QUESTIONS },
    (_, i) =>
      `"Bulk question ${i}: which is right?",One ${i},Two ${i},Three ${i},Four ${i},,,${(i % 4) + 1},"Explained, ${i}",`,
  );
  const content = Buffer.from([HEADER, ...rows].join('\n'), 'utf8').toString('base64');
  const base = `/api/admin/exams/${exam._id}/questions/import`;
  try {
    const started = process.hrtime.bigint();
    const preview = await admin<{ toCreate: number }>('POST', `${base}/preview`, { format: 'csv', content });
    const previewed = process.hrtime.bigint();
    const imported = await admin<{ created: number }>('POST', base, {
      format: 'csv',
      content,
      key: `bench-import-${Date.now()}`,
    });
    const ended = process.hrtime.bigint();
    if (preview.toCreate !== IMPORT_QUESTIONS || imported.created !== IMPORT_QUESTIONS)
      throw new Error(`import: previewed ${preview.toCreate}, created ${imported.created}`);
    const figures: ImportFigures = {
      scenario: `question import (${IMPORT_QUESTIONS.toLocaleString('en-GB')} CSV rows, preview + import)`,
      previewSeconds: Number(previewed - started) / 1e9,
      importSeconds: Number(ended - previewed) / 1e9,
      seconds: Number(ended - started) / 1e9,
    };
    log(
      `  ${figures.scenario}: ${figures.seconds.toFixed(2)} s (preview ${figures.previewSeconds.toFixed(2)} s, import ${figures.importSeconds.toFixed(2)} s)`,
    );
    return figures;
  } finally {
    await admin('DELETE', `/api/admin/exams/${exam._id}`);
  }
}
