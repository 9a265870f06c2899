import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The shared contract's modules (packages/contract/src/…), the only ones this plugin touches. */
const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/].+\.ts$/;

function unwrap(expression: ts.Expression): ts.Expression {
  let inner = expression;
  while (ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isParenthesizedExpression(inner)) {
    inner = inner.expression;
  }
  return inner;
}

/**
 * Marks every top-level value a contract module builds by a call (`z.object({…}).strict()`, `textField(…)`,
 * `new Set(…)`) as pure: it becomes `/* @__PURE__ *\/ (() => …)()`, so the bundler drops the ones nothing reads.
 *
 * Why: a contract module keeps a feature's constants, rules and zod schemas side by side, and the browser reads
 * mostly the constants and rules (answers are typed, not parsed again; see apiRequest). Without the mark, a screen
 * that needs `MESSAGES` or `hasAccessAs` loads every schema of the module and zod with it: a schema's arguments
 * read properties (`MESSAGES.required`, `TYPES.length`), which the bundler must assume can have effects.
 *
 * It holds because contract modules only define things: building a value there changes nothing outside it.
 */
export function markContractValuesPure(
  code: string,
  fileName: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const output = new MagicString(code);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const value = declaration.initializer;
      if (!value) continue;
      const built = unwrap(value);
      if (!ts.isCallExpression(built) && !ts.isNewExpression(built)) continue;
      output.appendLeft(value.getStart(source), '/* @__PURE__ */ (() => ');
      output.appendRight(value.end, ')()');
    }
  }
  if (!output.hasChanged()) return null;
  return { code: output.toString(), map: output.generateMap({ source: fileName, hires: true }) };
}

/** The build's side of markContractValuesPure. */
export function pureContractValues(): Plugin {
  return {
    name: 'casedesk:pure-contract-values',
    apply: 'build',
    transform: {
      filter: { id: CONTRACT_MODULE },
      handler: (code, id) => markContractValuesPure(code, id),
    },
  };
}
