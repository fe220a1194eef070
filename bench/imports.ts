/**
 * The question import in `npm run bench`: an administrator previews, then imports, a CSV of 5,000
 * questions into a new draft exam (the import's limit, decision 0049), one request each, timed from this
 * process. Target (docs/performance.md): preview and import together in < 10 s. The exam is deleted
 * afterwards, so the bench database does not grow from run to run.
 */
type Log = (line: string) => void;

export const IMPORT_QUESTIONS = 5000;

export interface ImportFigures {
  scenario: string;
  previewSeconds: number;
  importSeconds: number;
  seconds: number;
}

const HEADER = 'question,option1,option2,option3,option4,option5,option6,correct,explanation,topic';

async function call(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status}: ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

export async function questionImport(
  url: string,
  adminAuth: Record<string, string>,
  log: Log,
): Promise<ImportFigures> {
  const headers = { ...adminAuth, 'content-type': 'application/json' };
  const { exam } = (await call(`${url}/api/admin/exams`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: `Bench import ${Date.now()}`,
      category: 'medical',
      description: 'A draft exam the import scenario fills and deletes.',
      numberOfQuestions: 10,
      monthlySubscriptionFee: 0,
    }),
  })) as { exam: { _id: string } };
  const rows = Array.from(
    { length: IMPORT_QUESTIONS },
    (_, i) =>
      `"Bulk question ${i}: which is right?",One ${i},Two ${i},Three ${i},Four ${i},,,${(i % 4) + 1},"Explained, ${i}",`,
  );
  const content = Buffer.from([HEADER, ...rows].join('\n'), 'utf8').toString('base64');
  const base = `${url}/api/admin/exams/${exam._id}/questions/import`;
  try {
    const started = process.hrtime.bigint();
    const preview = (await call(`${base}/preview`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ format: 'csv', content }),
    })) as { toCreate: number };
    const previewed = process.hrtime.bigint();
    const imported = (await call(base, {
      method: 'POST',
      headers,
      body: JSON.stringify({ format: 'csv', content, key: `bench-import-${Date.now()}` }),
    })) as { created: number };
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
    await call(`${url}/api/admin/exams/${exam._id}`, { method: 'DELETE', headers: adminAuth });
  }
}
