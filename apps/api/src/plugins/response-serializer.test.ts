import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnalyticsSchema } from '@mlp/contract';
import { registerErrorHandling } from './errors.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

/* Responses are checked against their contract schema, once, before they leave (decision 0028). */

const Item = z.object({ id: z.string(), count: z.number().int() });

async function serverAnswering(body: unknown) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  app.get('/item', { schema: { response: { 200: Item } } }, () => body);
  await app.ready();
  return app;
}

describe('response serializer', () => {
  it('sends only what the schema names', async () => {
    const app = await serverAnswering({ id: 'a', count: 2, passwordHash: 'secret' });
    const response = await app.inject({ method: 'GET', url: '/item' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'a', count: 2 });
    await app.close();
  });

  it('answers 500 with our message, not the data, when the shape is wrong', async () => {
    const app = await serverAnswering({ id: 'a', count: 2.5 });
    const response = await app.inject({ method: 'GET', url: '/item' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    await app.close();
  });

  it('gives what safeEncode gave on a contract schema with checks (the analytics page)', () => {
    const body = {
      exams: [
        {
          examId: 'e1',
          title: 'Cardiology',
          sittings: 2,
          questionsSeen: 10,
          answered: 9,
          correct: 6,
          percentCorrect: 60,
          secondsPerQuestion: 40,
          averageScore: 60,
          percentile: null,
          learners: 1,
          trend: { at: [1772706900123], score: [50], extra: true },
        },
      ],
      topics: [],
      courses: [],
      review: { due: 0 },
      pendingResults: 0,
      nextStep: { kind: 'start' as const, title: 'Take your first exam', text: 'Go.', topics: [] },
    };
    const serialize = responseSerializerCompiler({ schema: AnalyticsSchema, method: 'GET', url: '/x' });
    expect(serialize(body)).toBe(JSON.stringify(z.encode(AnalyticsSchema, body)));
    expect(serialize(body)).not.toContain('extra');
    // Text PostgreSQL cannot store or UTF-8 cannot encode is refused on the way out too.
    const topic = (name: string) => ({
      examId: 'e1',
      examTitle: 'Cardiology',
      topic: name,
      seen: 1,
      answered: 1,
      correct: 1,
      percentCorrect: 100,
      trend: { at: [], score: [] },
    });
    expect(serialize({ ...body, topics: [topic('Valves')] })).toContain('"topic":"Valves"');
    expect(() => serialize({ ...body, topics: [topic('Valves \uD800')] })).toThrow(
      "Response doesn't match the schema",
    );
  });
});
