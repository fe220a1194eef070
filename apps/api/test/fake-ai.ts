import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type AiMode = 'good' | 'with-invalid' | 'malformed' | 'slow' | 'error';

export interface FakeAi {
  url: string;
  mode: AiMode;
  /**
   * what the article answer's fields are (XSS tests put payloads here); `category` is left out of the
   * answer while undefined, as a provider that ignores the schema would
   */
  article: { title: string; summary: string; content: string; category?: unknown };
  /** request bodies received, for asserting what context the model was given */
  requests: Array<{
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { json_schema?: { name?: string; schema?: Record<string, unknown> } };
  }>;
  slowMs: number;
  /**
   * The answer to a second-opinion request, from the question it was asked about (the JSON line of the
   * request); undefined answers with `reviseQuestion`.
   */
  opinion: ((question: OpinionQuestion) => unknown) | undefined;
  close(): Promise<void>;
}

/** The question as a second-opinion request sends it. */
export interface OpinionQuestion {
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
  topic: string;
}

/**
 * The fake model's usual second opinion: it disagrees with the key, moves it to the next option, rewords
 * the last option, the stem and the explanation, and keeps the topic.
 */
export function reviseQuestion(question: OpinionQuestion) {
  const last = question.options.length - 1;
  return {
    verdict: 'disagrees',
    summary: 'The marked answer is not the best one; the next option is.',
    issues: ['The marked answer is wrong.', 'The explanation does not say why the answer is right.'],
    suggestion: {
      question: question.question.replace(/\??$/, ' in adults?'),
      options: question.options.map((option, index) => (index === last ? `${option} (revised)` : option)),
      correctAnswer: (question.correctAnswer + 1) % question.options.length,
      explanation: `Revised: ${question.explanation || 'no explanation was given'}.`,
      topic: question.topic,
    },
  };
}

function completion(content: string) {
  return {
    id: `chatcmpl-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

let sequence = 0;

function goodQuestion() {
  sequence += 1;
  return {
    question: `Generated question ${sequence}: which value is normal?`,
    options: [`Value ${sequence}a`, `Value ${sequence}b`, `Value ${sequence}c`, `Value ${sequence}d`],
    correctAnswer: sequence % 4,
    explanation: `Because value ${sequence} is the reference.`,
    // What the strict schema makes the model write (decision 0050); one rationale too many and a reference
    // with a link that is not http(s), as a careless model might: both are tidied away, not refused.
    rationales: ['a', 'b', 'c', 'd', 'e'].map((letter) => `Why ${sequence}${letter}`),
    objective: `Value ${sequence} is normal.`,
    references: [
      { title: `Reference range ${sequence}`, url: `https://example.org/ranges/${sequence}` },
      { title: 'Not a link', url: 'javascript:alert(1)' },
    ],
  };
}

/** A local OpenAI-compatible Chat Completions server (`POST /v1/chat/completions`) with scenarios. */
export async function startFakeAi(): Promise<FakeAi> {
  const fake: Omit<FakeAi, 'url' | 'close'> = {
    mode: 'good',
    article: {
      title: 'Generated article',
      summary: 'A generated summary.',
      content:
        '<h2>Generated</h2><p>Body text.</p>' +
        '<table><tbody><tr><th><p>Drug</p></th><th><p>Dose</p></th></tr>' +
        '<tr><td><p>Amoxicillin</p></td><td><p>500 mg</p></td></tr></tbody></table>',
    },
    requests: [],
    slowMs: 3000,
    opinion: undefined,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return send(404, { error: { message: 'not found' } });
      if (req.headers.authorization !== 'Bearer fake-ai-key')
        return send(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeAi['requests'][number];
      fake.requests.push(body);
      const kind = body.response_format?.json_schema?.name;
      const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const wanted = Number(/Write (\d+) new question/.exec(user)?.[1] ?? 3);
      const answer = () => {
        if (fake.mode === 'error')
          return send(500, {
            error: {
              message: 'The server had an error while processing your request.',
              type: 'server_error',
            },
          });
        if (fake.mode === 'malformed') return send(200, completion('Sure! Here are your questions: 1) ...'));
        if (kind === 'article') {
          // Browser journeys cannot reach `fake.article` (it lives in the setup process): a brief with
          // '[category: x]' in it makes the model suggest x, a category or not.
          const named = /\[category: ([^\]]*)\]/.exec(user)?.[1];
          const article = named === undefined ? fake.article : { ...fake.article, category: named };
          return send(200, completion(JSON.stringify(article)));
        }
        if (kind === 'second_opinion') {
          const line = user.split('\n').find((text) => text.startsWith('{"question"')) ?? '{}';
          const question = JSON.parse(line) as OpinionQuestion;
          return send(200, completion(JSON.stringify((fake.opinion ?? reviseQuestion)(question))));
        }
        const questions: object[] = Array.from({ length: wanted }, goodQuestion);
        if (fake.mode === 'with-invalid') {
          questions.push({
            question: 'Too few options',
            options: ['a', 'b'],
            correctAnswer: 0,
            explanation: '',
          });
          questions.push({
            question: 'Bad index',
            options: ['a', 'b', 'c', 'd'],
            correctAnswer: 7,
            explanation: '',
          });
          questions.push({
            question: 'Duplicate options',
            options: ['a', 'A', 'b', 'c'],
            correctAnswer: 0,
            explanation: '',
          });
        }
        return send(200, completion(JSON.stringify({ questions })));
      };
      if (fake.mode === 'slow') setTimeout(answer, fake.slowMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Environment that points the app at a fake AI server. */
export function aiEnv(fake: FakeAi, timeoutMs = 1500): Record<string, string> {
  return {
    AI_BASE_URL: fake.url,
    AI_API_KEY: 'fake-ai-key',
    AI_MODEL: 'fake-model',
    AI_TIMEOUT_MS: String(timeoutMs),
  };
}
