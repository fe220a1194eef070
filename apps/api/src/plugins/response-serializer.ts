import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Every response is checked against its contract schema before it is sent (decision 0028): a field the
 * schema does not name is dropped, a wrong shape is a 500, never a leak. fastify-type-provider-zod's own
 * serializer checks with `safeEncode`, which in zod 4 walks the data twice when the schema has checks (a
 * first pass without them, then again with them): on the analytics page's 1,500 trend points that was a
 * fifth of the server's CPU (docs/performance-history.md, 2026-11-24). The contract's response schemas
 * hold no codecs or transforms (encoding one would throw), so a forward parse checks the same things, once.
 */
export const responseSerializerCompiler = ({
  schema,
  method,
  url,
}: {
  schema: unknown;
  method: string;
  url: string;
}): ((data: unknown) => string) => {
  if (!(schema instanceof z.ZodType))
    throw new Error(`${method} ${url}: a response schema must be a zod schema`);
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
