import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer';

const Person = z.object({ id: z.string(), name: z.string(), note: z.string().nullable().optional() });

async function appWith(verify: boolean, schema: z.ZodType, data: unknown) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ verify }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => data);
  await app.ready();
  return app;
}

describe('response serializer', () => {
  it('writes only the schema’s fields: a field the handler leaks never leaves', async () => {
    for (const verify of [false, true]) {
      const app = await appWith(verify, Person, { id: '1', name: 'Asha', password_hash: 'secret' });
      const res = await app.inject({ method: 'GET', url: '/x' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: '1', name: 'Asha' });
      expect(res.body).not.toContain('secret');
      await app.close();
    }
  });

  it('in test mode, a response the schema refuses fails instead of being coerced', async () => {
    // fast-json-stringify alone would write the number as "42"; zod refuses it.
    const data = { id: 42, name: 'Asha' };
    const lenient = await appWith(false, Person, data);
    expect((await lenient.inject({ method: 'GET', url: '/x' })).json()).toEqual({ id: '42', name: 'Asha' });
    await lenient.close();
    const strict = await appWith(true, Person, data);
    expect((await strict.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
    await strict.close();
  });

  it('a schema JSON Schema cannot express keeps the zod serializer', async () => {
    const WithDate = z.object({ at: z.date() });
    const app = await appWith(false, WithDate, { at: new Date('2026-01-02T03:04:05Z') });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: '2026-01-02T03:04:05.000Z' });
    await app.close();
  });
});
