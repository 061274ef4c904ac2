import { findNulText, nulNotAllowed } from '@store/core';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import { HttpError } from '../lib/http-error';

/**
 * The validator of every route: no text anywhere in params, query or body may hold a NUL character
 * (license keys and passwords included), then the route's zod schema.
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const at = findNulText(data);
    if (at !== null) return { error: new HttpError(400, nulNotAllowed(at), 'VALIDATION') };
    return validate(data);
  };
};
