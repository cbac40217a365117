// Every code block of the guides is at least valid code in its language, whether or not a test runs
// it: a partner who copies a block must never meet a syntax error. (Python blocks once shipped with an
// unterminated string for weeks because only the marked server samples ran.)
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { codeBlocks, type CodeBlock } from './extract.js';
import { ROOT, runDir, runProcess } from './run.js';

function blocksIn(...languages: string[]): CodeBlock[] {
  const blocks = codeBlocks().filter((block) => languages.includes(block.language));
  expect(blocks.length, `the guides have ${languages.join('/')} blocks`).toBeGreaterThan(0);
  return blocks;
}

/** The TypeScript parser's complaints about a block, as `where: message` lines. */
function typeScriptSyntaxErrors(block: CodeBlock): string[] {
  const output = ts.transpileModule(block.code, {
    reportDiagnostics: true,
    fileName: 'block.mts',
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return (output.diagnostics ?? []).map((diagnostic) => {
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : 0;
    return `${block.where} (+${line + 1}): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

describe('every code block of the guides is valid code', () => {
  it('every TypeScript block parses', () => {
    expect(blocksIn('ts', 'typescript', 'tsx').flatMap(typeScriptSyntaxErrors)).toEqual([]);
  });

  it('the check finds a TypeScript syntax error in a block', () => {
    expect(typeScriptSyntaxErrors({ language: 'ts', meta: '', where: 'test', code: "const url = `${base}/webhook';\n" })).not.toEqual([]);
  });

  it('every Python block compiles with python3', { timeout: 60_000 }, async () => {
    const blocks = blocksIn('python', 'py');
    const dir = runDir('syntax-python');
    // A known-bad block goes last: the run must report it, which proves the check can fail.
    const canary = { where: 'canary', code: 'URL = f"{base}/webhook\\"\n' };
    writeFileSync(join(dir, 'blocks.json'), JSON.stringify([...blocks.map(({ where, code }) => ({ where, code })), canary]));
    writeFileSync(
      join(dir, 'compile_blocks.py'),
      `import json
with open("blocks.json", encoding="utf-8") as f:
    blocks = json.load(f)
errors = []
for block in blocks:
    try:
        compile(block["code"], block["where"], "exec", dont_inherit=True)
    except SyntaxError as error:
        errors.append(f"{block['where']} (+{error.lineno}): {error.msg}")
print(json.dumps(errors))
`,
    );
    const result = await runProcess('python3', ['compile_blocks.py'], dir);
    expect(result.code, result.output).toBe(0);
    const errors = JSON.parse(result.output.trim().split('\n').at(-1) ?? '[]') as string[];
    expect(errors.at(-1)).toMatch(/^canary /);
    expect(errors.slice(0, -1)).toEqual([]);
  });

  it('every shell block passes bash -n', () => {
    const errors = blocksIn('bash', 'sh', 'shell').flatMap((block) => {
      const result = spawnSync('bash', ['-n'], { input: block.code, encoding: 'utf8' });
      return result.status === 0 ? [] : [`${block.where}: ${result.stderr.trim()}`];
    });
    expect(errors).toEqual([]);
    expect(spawnSync('bash', ['-n'], { input: 'if true; then echo "x\n', encoding: 'utf8' }).status).not.toBe(0);
  });
});

describe('the HMAC guide\'s Java signature class', () => {
  it('compiles with javac and accepts every valid test vector and rejects every other one', { timeout: 120_000 }, async () => {
    const java = blocksIn('java').filter((block) => /\bclass StreamSignature\b/.test(block.code));
    expect(java).toHaveLength(1);
    const dir = runDir('java-signature');
    writeFileSync(join(dir, 'StreamSignature.java'), java[0]!.code);
    const vectors = JSON.parse(readFileSync(join(ROOT, 'packages', 'contracts', 'test-vectors.json'), 'utf8')) as { name: string; secret: string; body_base64: string; signature: string | null; expected: string }[];
    expect(vectors.length).toBeGreaterThan(0);
    // One line per vector, tab-separated, so the driver needs no JSON library.
    writeFileSync(join(dir, 'vectors.tsv'), vectors.map((v) => [v.name, v.secret, v.body_base64, v.signature ?? '-', v.expected].join('\t')).join('\n') + '\n');
    writeFileSync(
      join(dir, 'Vectors.java'),
      `import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

public final class Vectors {
    public static void main(String[] args) throws Exception {
        int checked = 0;
        StringBuilder wrong = new StringBuilder();
        for (String line : Files.readAllLines(Path.of("vectors.tsv"), StandardCharsets.UTF_8)) {
            if (line.isEmpty()) continue;
            String[] f = line.split("\\t", -1);
            byte[] body = Base64.getDecoder().decode(f[2]);
            String header = f[3].equals("-") ? null : f[3];
            boolean valid = StreamSignature.isValid(body, header, f[1]);
            if (valid != f[4].equals("valid")) wrong.append(f[0]).append(' ');
            if (f[4].equals("valid") && !StreamSignature.sign(body, f[1]).equals(header)) wrong.append(f[0]).append("(sign) ");
            checked++;
        }
        System.out.println("checked " + checked + " wrong [" + wrong.toString().trim() + "]");
    }
}
`,
    );
    const compiled = await runProcess('javac', ['-d', '.', 'StreamSignature.java', 'Vectors.java'], dir);
    expect(compiled.code, `${compiled.output}\nInstall a JDK with: apt-get install -y default-jdk-headless`).toBe(0);
    const result = await runProcess('java', ['-cp', '.', 'Vectors'], dir);
    expect(result.code, result.output).toBe(0);
    expect(result.output.trim()).toBe(`checked ${vectors.length} wrong []`);
  });
});
