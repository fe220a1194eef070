import { z } from 'zod';

export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export const ReadyResponseSchema = z.object({ status: z.literal('ready'), database: z.literal('ok') });
