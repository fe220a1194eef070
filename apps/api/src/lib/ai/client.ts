import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import type { Config } from '../../config/env.ts';
import { BadGatewayError, ServiceUnavailableError } from '../errors.ts';

const AI_NOT_CONFIGURED =
  'AI is not configured on this server. Set AI_BASE_URL, AI_API_KEY and AI_MODEL and restart it.';

export interface JsonRequest {
  system: string;
  user: string;
  /** name and JSON Schema of the expected answer (OpenAI structured outputs, strict) */
  schemaName: string;
  schema: Record<string, unknown>;
  maxTokens?: number;
  /** 0.4 unless said; checking an answer wants less variety than drafting one */
  temperature?: number;
}

/**
 * One client for every AI feature (question and article drafting, second opinions), against any OpenAI-compatible
 * Chat Completions API. Answers are requested as strict JSON; anything else is a 502 with a clear
 * message, a time-out included, and a server without AI configuration answers 503.
 */
export class AiClient {
  private readonly client: OpenAI | undefined;

  constructor(private readonly config: Config['ai']) {
    this.client =
      config.baseUrl && config.apiKey && config.model
        ? new OpenAI({
            baseURL: config.baseUrl,
            apiKey: config.apiKey,
            timeout: config.timeoutMs,
            maxRetries: 0,
          })
        : undefined;
  }

  get configured(): boolean {
    return this.client !== undefined;
  }

  /** The configured model's name (undefined when AI is not configured). */
  get model(): string | undefined {
    return this.client ? this.config.model : undefined;
  }

  async completeJson(request: JsonRequest): Promise<unknown> {
    if (!this.client || !this.config.model) throw new ServiceUnavailableError(AI_NOT_CONFIGURED);
    let content: string | null | undefined;
    try {
      const completion = await this.client.chat.completions.create({
        model: this.config.model,
        temperature: request.temperature ?? 0.4,
        max_tokens: request.maxTokens ?? 4000,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: request.schemaName, strict: true, schema: request.schema },
        },
      });
      content = completion.choices[0]?.message.content;
    } catch (error) {
      if (error instanceof APIConnectionTimeoutError) {
        throw new BadGatewayError('The AI service did not answer in time. Please try again.');
      }
      if (error instanceof APIError) {
        throw new BadGatewayError(
          `The AI service returned an error${error.status ? ` (${error.status})` : ''}. Please try again later.`,
        );
      }
      throw new BadGatewayError('The AI service could not be reached. Please try again later.');
    }
    if (!content) throw new BadGatewayError('The AI service returned an empty answer. Please try again.');
    try {
      return JSON.parse(content) as unknown;
    } catch {
      throw new BadGatewayError(
        'The AI service returned an answer that could not be used. Please try again.',
      );
    }
  }
}
