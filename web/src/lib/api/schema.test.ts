import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import document from './openapi.json?raw';
import committed from './schema.d.ts?raw';

/**
 * `schema.d.ts` must be exactly what `npm run api-types` makes of the committed `openapi.json`
 * (the server's document, itself checked against the Rust code by a server test). So an API
 * change that reaches the document but not the web's types fails here, not in production.
 * The options are those the script passes to the CLI (`--empty-objects-unknown`), and the CLI
 * writes COMMENT_HEADER before the types.
 */
describe('generated API types', () => {
  it('are up to date with the committed OpenAPI document (run `npm run api-types`)', async () => {
    const ast = await openapiTS(document, { emptyObjectsUnknown: true, silent: true });
    expect(committed).toBe(`${COMMENT_HEADER}${astToString(ast)}`);
  });
});
