import { describe, expect, it } from 'vitest';
import { markContractValuesPure } from './pure-contract-values.ts';

const mark = (code: string) => markContractValuesPure(code, 'contract.ts')?.code ?? null;

describe('markContractValuesPure', () => {
  it('wraps each top-level value built by a call in a pure call of its own', () => {
    expect(mark('export const nameSchema = z.string().min(1, MESSAGES.required);\n')).toBe(
      'export const nameSchema = /* @__PURE__ */ (() => z.string().min(1, MESSAGES.required))();\n',
    );
    expect(mark('const a = textField("name"), b = new Set(TYPES);')).toBe(
      'const a = /* @__PURE__ */ (() => textField("name"))(), b = /* @__PURE__ */ (() => new Set(TYPES))();',
    );
  });

  it('looks through `as`, `satisfies` and parentheses to the call', () => {
    expect(mark('export const kinds = (z.enum(KINDS) as Kinds);')).toBe(
      'export const kinds = /* @__PURE__ */ (() => (z.enum(KINDS) as Kinds))();',
    );
  });

  it('leaves literals, functions and nested statements alone', () => {
    expect(
      mark("export const TYPES = ['A', 'B'] as const;\nexport const MESSAGES = { required: 'Required' };"),
    ).toBeNull();
    expect(mark('export function check(value) { const s = z.string(); return s.parse(value); }')).toBeNull();
    expect(mark('export const digits = (value) => value.replace(/\\D/g, "");')).toBeNull();
  });

  it('maps the output back to the source', () => {
    const result = markContractValuesPure('export const s = z.string();\n', 'contract.ts');
    expect(result?.map.sources).toEqual(['contract.ts']);
  });
});
