/**
 * Proves that each boundary rule of eslint.config.js bites: every fixture in lint/fixtures is linted with the
 * real configuration, as if it lived at the path its `// lint-as:` line names, and must produce exactly the
 * error its `// expect:` line names (or no boundary error at all, for the fixtures of what is allowed).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = join(root, 'lint/fixtures');
const BOUNDARY_RULES = [
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  'import-x/no-cycle',
  'import-x/no-unresolved',
];

interface Fixture {
  file: string;
  lintAs: string;
  expected: { rule: string; message: string } | null;
}

function readFixture(file: string): Fixture | null {
  const text = readFileSync(join(fixtures, file), 'utf8');
  const lintAs = /^\/\/ lint-as: (.+)$/m.exec(text)?.[1];
  const expect = /^\/\/ expect: (.+)$/m.exec(text)?.[1];
  if (!lintAs || !expect) return null;
  if (expect === 'nothing') return { file, lintAs, expected: null };
  const parsed = /^(\S+) "(.+)"$/.exec(expect);
  if (!parsed) throw new Error(`${file}: cannot read its expect line`);
  return { file, lintAs, expected: { rule: parsed[1]!, message: parsed[2]! } };
}

const cases = readdirSync(fixtures)
  .filter((f) => /\.tsx?$/.test(f))
  .map(readFixture)
  .filter((f): f is Fixture => f !== null);

// The fixtures are in the lint run's ignores (they must fail); here they are linted on purpose.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, ignore: false });
});

const boundaryErrors = (messages: Linter.LintMessage[]) =>
  messages.filter((m) => m.severity === 2 && m.ruleId !== null && BOUNDARY_RULES.includes(m.ruleId));

describe('boundary rules', () => {
  it('has a fixture for each rule', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });

  it.each(cases.map((c) => [c.file, c] as const))('%s', async (_name, fixture) => {
    const code = readFileSync(join(fixtures, fixture.file), 'utf8');
    const [result] = await eslint.lintText(code, { filePath: join(root, fixture.lintAs) });
    const errors = boundaryErrors(result!.messages);
    if (fixture.expected === null) {
      expect(errors).toEqual([]);
    } else {
      expect(errors.map((e) => e.ruleId)).toEqual([fixture.expected.rule]);
      expect(errors[0]!.message).toContain(fixture.expected.message);
    }
  });
});

describe('import cycles', () => {
  it.each([
    ['server', ['cycles/server/a.ts', 'cycles/server/b.ts']],
    ['web', ['cycles/web/Page.tsx', 'cycles/web/Dialog.tsx']],
  ])('reports both files of a %s cycle', async (_side, files) => {
    const results = await eslint.lintFiles(files.map((f) => join(fixtures, f)));
    for (const result of results) {
      const rules = boundaryErrors(result.messages).map((m) => m.ruleId);
      expect(rules, relative(root, result.filePath)).toEqual(['import-x/no-cycle']);
    }
  });

  it('applies the same cycle rule to the server, the web and the domain as to the fixtures', async () => {
    const fixtureRule = (await eslint.calculateConfigForFile(join(fixtures, 'cycles/server/a.ts'))).rules[
      'import-x/no-cycle'
    ];
    expect(fixtureRule?.[0]).toBe(2);
    for (const file of [
      'apps/server/src/features/orders/service.ts',
      'apps/web/src/features/orders/OrdersPage.tsx',
      'packages/domain/src/money.ts',
    ]) {
      const config = await eslint.calculateConfigForFile(join(root, file));
      expect(config.rules['import-x/no-cycle'], file).toEqual(fixtureRule);
    }
  });
});

describe('the domain has no Node types', () => {
  it("refuses Node's globals under packages/domain/tsconfig.json", () => {
    const configFile = join(root, 'packages/domain/tsconfig.json');
    const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configFile));
    expect(options.types).toEqual([]);
    const program = ts.createProgram([join(fixtures, 'domain-node-globals.ts')], options);
    const missing = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
      .filter((text) => /Cannot find name '(process|Buffer)'/.test(text));
    expect(missing).toHaveLength(2);
  });
});
