import type { z } from 'zod';
import { AdminLoginBodySchema, AdminRegisterBodySchema } from '@mlp/contract';

/* The sign-in forms of the administrator panel: the contract's own schemas, with the spec's messages (§5). */

export const adminLoginFormSchema = AdminLoginBodySchema;
export type AdminLoginFormValues = z.input<typeof adminLoginFormSchema>;

export const adminRegisterFormSchema = AdminRegisterBodySchema;
export type AdminRegisterFormValues = z.input<typeof adminRegisterFormSchema>;
