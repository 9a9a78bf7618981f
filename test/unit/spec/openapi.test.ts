// The OpenAPI document made from the catalog passes a standard OpenAPI 3.1 validator, and says
// what the catalog says: every path and alias, the parameters, the bodies and the errors.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src-shared/spec';
import { endpointErrorCodes, openApiDocument } from '../../../src-shared/spec/openapi';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking a JSON document by known keys
type Json = Record<string, any>;
const doc = openApiDocument({ baseUrl: 'http://127.0.0.1:43123/', version: '1.2.3' }) as Json;

describe('the OpenAPI document of the catalog', () => {
  it('passes the OpenAPI 3.1 schema validator', async () => {
    const result = await new Validator().validate(doc);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:43123' }]);
  });

  it('is refused by the validator once broken, so the check above is not vacuous', async () => {
    const broken = structuredClone(doc);
    broken.paths['/tp/me.json'].get.parameters[0].in = 'body';
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('has a path item per path and alias of each endpoint, with its method', () => {
    for (const endpoint of ENDPOINTS) {
      for (const path of endpoint.paths) {
        const op = doc.paths[path]?.[endpoint.method.toLowerCase()];
        expect(op, `${endpoint.method} ${path}`).toBeDefined();
        expect(op['x-tp-endpoint']).toBe(endpoint.id);
        expect(op.description).toContain(`API document §${endpoint.section}`);
      }
    }
    expect(doc.paths['/tp/token.json'].post['x-tp-alias-of']).toBe('/tp/token');
  });

  it('describes GET parameters in the query and POST parameters as form and multipart bodies', () => {
    const info = doc.paths['/tp/resource/info'].get;
    const resourceId = info.parameters.find((p: Json) => p.name === 'resource_id');
    expect(resourceId).toMatchObject({ in: 'query', required: true });
    expect(info.parameters.find((p: Json) => p.name === 'user_id').required).toBe(false);
    const send = doc.paths['/tp/message/send.json'].post.requestBody.content;
    const form = send['application/x-www-form-urlencoded'].schema;
    expect(form.required).toEqual(['contact_id', 'resource_id', 'msg_type']);
    expect(form.properties.msg_type.enum).toContain('contact');
    expect(form.properties.file).toBeUndefined();
    expect(form.properties.text.description).toContain('Required when msg_type is text');
    expect(send['multipart/form-data'].schema.properties.file).toBeDefined();
    expect(doc.paths['/tp/contact/add'].post.requestBody.content['multipart/form-data']).toBe(
      undefined,
    );
  });

  it('asks for a bearer token except at the token and authorize endpoints', () => {
    expect(doc.paths['/tp/token'].post.security).toEqual([]);
    expect(doc.paths['/tp/authorize'].get.security).toEqual([]);
    expect(doc.paths['/tp/me.json'].get.security).toContainEqual({ bearer: [] });
    expect(doc.components.securitySchemes.platformOAuth.flows.clientCredentials.tokenUrl).toBe(
      'http://127.0.0.1:43123/tp/token',
    );
  });

  it('documents the errors by status with their codes, 429 with Retry-After', () => {
    const bulk = doc.paths['/tp/bulk/message/send.json'].post.responses;
    expect(bulk['403'].content['application/json'].schema.allOf[1].properties.error.enum).toEqual(
      expect.arrayContaining(['app_token_required', 'insufficient_scope', 'not_authorized']),
    );
    expect(bulk['429'].headers['Retry-After'].required).toBe(true);
    expect(bulk['415']).toBeDefined();
    expect(doc.paths['/tp/token'].post.responses['401'].description).toContain('invalid_client');
    for (const endpoint of ENDPOINTS) {
      expect(endpointErrorCodes(endpoint)).toContain('invalid_request');
    }
  });

  it('turns each response shape into JSON Schema 2020-12', () => {
    const list = doc.components.schemas.ResourceListResponse;
    expect(list.required).toEqual(['users', 'rooms']);
    expect(list.$schema).toBeUndefined();
    expect(doc.components.schemas.ContactRemoveResponse.properties.removed.const).toBe(true);
  });
});
