import { call } from './load.ts';
const url = 'http://127.0.0.1:3999';
const catalogue = await call<{ exams: Array<{ _id: string; title: string }> }>(`${url}/api/exams/published?limit=1`, undefined, 'GET');
const exam = catalogue.exams[0]!;
const r = await call<{ token: string }>(`${url}/api/users/login`, undefined, 'POST', { email: `bench-7@example.com`, password: 'Bench-Password-2026', deviceId: 'bench-device-0001', deviceName: 'bench' });
for (let i = 0; i < 14; i += 1) {
  const a = await call<{ _id: string; questions: Array<{ _id: string; choices: string[] }> }>(`${url}/api/exams/${exam._id}/attempts`, r.token, 'POST', {});
  const t0 = Date.now();
  await call(`${url}/api/exams/${exam._id}/submit`, r.token, 'POST', { attemptId: a._id, answers: Object.fromEntries(a.questions.map((q, i) => [q._id, q.choices[i % 4]])) });
  console.log('submit ms', Date.now() - t0);
}
