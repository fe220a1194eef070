import { call, CallRecorder, runLoops } from './load.ts';
const url = 'http://127.0.0.1:3999';
const examTitle = 'Benchmark 100-question exam';
const catalogue = await call<{ exams: Array<{ _id: string; title: string }> }>(`${url}/api/exams/published?limit=1`, undefined, 'GET');
const exam = catalogue.exams.find((e) => e.title === examTitle)!;
const tokens: string[] = [];
for (let i = 0; i < 50; i += 1) {
  const r = await call<{ token: string }>(`${url}/api/users/login`, undefined, 'POST', { email: `bench-${i}@example.com`, password: 'Bench-Password-2026', deviceId: 'bench-device-0001', deviceName: 'bench' });
  tokens.push(r.token);
}
const rec = new CallRecorder();
await runLoops(50, 10, async (w) => {
  const a = await rec.time('start', () => call<{ _id: string; questions: Array<{ _id: string; choices: string[] }> }>(`${url}/api/exams/${exam._id}/attempts`, tokens[w], 'POST', {}));
  await rec.time('submit', () => call(`${url}/api/exams/${exam._id}/submit`, tokens[w], 'POST', { attemptId: a._id, answers: Object.fromEntries(a.questions.map((q, i) => [q._id, q.choices[i % 4]])) }));
});
rec.stop();
console.log(rec.figures('start'), rec.figures('submit'));
