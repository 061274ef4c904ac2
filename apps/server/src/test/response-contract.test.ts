import { describe, expect, it } from 'vitest';
import { createResponseChecker } from '../../test/support/response-contract';

// The checker every API test's answers pass through: it must catch each way an answer can drift.

const errorBody = {
  type: 'object',
  required: ['message', 'code'],
  properties: { message: { type: 'string' }, code: { type: 'string', enum: ['NOT_FOUND'] } },
};
const check = createResponseChecker({
  paths: {
    '/api/thing/all': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['id'],
                    properties: { id: { type: 'integer' } },
                    additionalProperties: false,
                  },
                },
              },
            },
          },
        },
      },
    },
    '/api/thing/{id}': {
      get: {
        responses: {
          '200': { content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
          '404': { content: { 'application/json': { schema: errorBody } } },
        },
      },
    },
  },
});
const answer = (over: Partial<Parameters<typeof check>[0]>) =>
  check({
    method: 'GET',
    url: '/api/thing/all',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: '[{"id":1}]',
    ...over,
  });

describe('the answer checker', () => {
  it('passes an answer that matches its documented schema', () => {
    expect(answer({})).toBeNull();
    expect(answer({ url: '/api/thing/7', contentType: 'application/pdf', body: '%PDF-1.7' })).toBeNull();
    expect(
      answer({ url: '/api/thing/7', status: 404, body: '{"message":"No such thing","code":"NOT_FOUND"}' }),
    ).toBeNull();
  });

  it('prefers the route without a parameter, as the router does', () => {
    expect(answer({ body: '[{"id":"one"}]' })).toMatch(/GET \/api\/thing\/all → 200 does not match/);
  });

  it.each([
    ['a field of the wrong type', { body: '[{"id":"1"}]' }, /does not match its schema: \/0\/id/],
    ['a field the schema does not name', { body: '[{"id":1,"extra":true}]' }, /does not match its schema/],
    ['a status the route does not document', { status: 409 }, /409 is not a documented status/],
    [
      'another media type',
      { contentType: 'text/html' },
      /answered text\/html, documented: application\/json/,
    ],
    [
      'an error without its code',
      { url: '/api/thing/7', status: 404, body: '{"message":"gone"}' },
      /404 does not match its schema/,
    ],
    [
      'an error code outside the closed set',
      { url: '/api/thing/7', status: 404, body: '{"message":"gone","code":"FST_ERR_NOT_FOUND"}' },
      /404 does not match its schema: \/code/,
    ],
  ])('fails %s', (_name, over, message) => {
    expect(answer(over)).toMatch(message);
  });
});
