import fc from 'fast-check';
import { bodyMutations, strayBodies } from './body-mutations.ts';
import type { ArbitraryContext } from './json-schema-arbitrary.ts';
import { jsonSchemaArbitrary } from './json-schema-arbitrary.ts';
import type { FuzzRequest, Operation, ParamSpec, RequestParts } from './operations.ts';
import { asText, toRequest } from './operations.ts';
import { paramMutations } from './param-mutations.ts';

function textArbitrary(param: ParamSpec, context: ArbitraryContext): fc.Arbitrary<string | string[] | undefined> {
  return jsonSchemaArbitrary(param.schema, context).map((value) => {
    if (value === null || value === undefined) return undefined;
    return Array.isArray(value) ? value.map(asText) : asText(value);
  });
}

/** Parameters as text; null has no query-string form, so such a value leaves the key out. */
function paramsArbitrary(
  params: ParamSpec[],
  context: ArbitraryContext,
): fc.Arbitrary<Record<string, string | string[]>> {
  const model: Record<string, fc.Arbitrary<string | string[] | undefined>> = {};
  for (const param of params) model[param.name] = textArbitrary(param, context);
  const requiredKeys = params.filter((p) => p.required).map((p) => p.name);
  return fc.record(model, { requiredKeys }).map((record) => {
    const out: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
    return out;
  });
}

/** Inputs the document accepts; an empty path segment would route elsewhere, so path values are never empty. */
export function validParts(operation: Operation, context: ArbitraryContext): fc.Arbitrary<RequestParts> {
  const path = paramsArbitrary(operation.pathParams, context).filter((values) =>
    operation.pathParams.every((p) => {
      const value = values[p.name];
      return typeof value === 'string' && value.length > 0;
    }),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = paramsArbitrary(operation.queryParams, context);
  const bodySpec = operation.body;
  const body = bodySpec
    ? bodySpec.required
      ? jsonSchemaArbitrary(bodySpec.schema, context)
      : fc.option(jsonSchemaArbitrary(bodySpec.schema, context), { nil: undefined })
    : fc.constant(undefined);
  return fc
    .record({ path, query, body })
    .map(({ path: p, query: q, body: b }) => ({ path: p, query: q, ...(b === undefined ? {} : { body: b }) }));
}

function malformedArbitrary(
  operation: Operation,
  parts: RequestParts,
  context: ArbitraryContext,
): fc.Arbitrary<FuzzRequest> {
  const { root } = context;
  const paramFamilies = paramMutations(operation, parts, root).map((family) =>
    family.map((m) => toRequest(operation, m.parts, m.kind, m.mustReject)),
  );
  const bodySpec = operation.body;
  const mutations = bodySpec ? bodyMutations(bodySpec.schema, bodySpec.required, parts.body, root) : strayBodies;
  const bodyFamily = mutations.map((m) => {
    const { body: _dropped, ...rest } = parts;
    const mutated: RequestParts = {
      ...rest,
      ...(m.body === undefined ? {} : { body: m.body }),
      rawBody: m.rawBody,
      contentType: m.contentType,
    };
    return toRequest(operation, mutated, m.kind, m.mustReject);
  });
  // Body mutations weigh as much as all parameter ones together, so body-heavy routes get most of their fuzzing there.
  return fc.oneof(
    { weight: bodySpec ? paramFamilies.length : 1, arbitrary: bodyFamily },
    ...paramFamilies.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

/**
 * Requests for one operation: about 40% valid by the document (so handlers and the database are reached,
 * not only the validator), the rest malformed.
 */
export function requestArbitrary(operation: Operation, context: ArbitraryContext): fc.Arbitrary<FuzzRequest> {
  const valid = validParts(operation, context);
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((parts) => toRequest(operation, parts, 'valid', false)) },
    { weight: 3, arbitrary: valid.chain((parts) => malformedArbitrary(operation, parts, context)) },
  );
}
