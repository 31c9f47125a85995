import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The project owns its product description: code, tests and docs point at docs/ (api.md,
 * pages.md, product.md, architecture.md, decisions/), never at the briefing files the team started
 * from, which live outside the repository and do not exist in a clone. This reads every tracked
 * text file and fails naming each line that still points outside.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Built from parts so that this file does not match itself.
const md = String.raw`\.md`;
const OUTSIDE = new RegExp(
  [
    `CONTRACT${md}`,
    `SPEC${md}`,
    `ARCHITECTURE${md}`,
    String.raw`SPEC\s§\d`,
    String.raw`\.\./shared\b`,
  ].join('|'),
);

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\0').filter((file) => file !== '' && !file.split('/').includes('node_modules'));
}

function outsideReferences(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    return []; // Tracked but deleted in this working tree: nothing to read.
  }
  if (text.includes('\0')) return []; // A binary file (an image).
  return text
    .split('\n')
    .flatMap((line, i) => (OUTSIDE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

/** An issue cited by its number: it lives in a tracker a clone cannot read. */
const ISSUE_NUMBER = /\bissues? #?\d/i;
/** The code a clone runs and reads; docs/ keeps its dated history (docs/performance.md) as it was. */
const CODE_DIRS = ['packages/', 'e2e/', 'bench/', 'deploy/', 'scripts/', '.ci/'];
function issueCitations(file: string): string[] {
  if (!CODE_DIRS.some((dir) => file.startsWith(dir))) return [];
  let text: string;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    return [];
  }
  if (text.includes('\0')) return [];
  return text
    .split('\n')
    .flatMap((line, i) => (ISSUE_NUMBER.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('references stay in the repository', () => {
  it('recognises every form of an outside reference, and not the docs', () => {
    const outside = ['CONTRACT', 'SPEC', 'ARCHITECTURE'].map((name) => `see ${name}.md`);
    outside.push(`SPEC ${'§'}9`, `cat ..${'/'}shared/SPEC`);
    for (const text of outside) expect(OUTSIDE.test(text), text).toBe(true);
    for (const text of ['docs/api.md', 'docs/product.md, Total balance', 'the spec of a test']) {
      expect(OUTSIDE.test(text), text).toBe(false);
    }
  });

  it('finds the tracked files', () => {
    const files = trackedFiles();
    expect(files).toContain('docs/api.md');
    expect(files).toContain('docs/pages.md');
    expect(files).toContain('docs/product.md');
    expect(files).toContain('docs/architecture.md');
  });

  it('no code, test or script cites an issue number: comments cite docs/decisions or say why', () => {
    // Built from parts so that this file does not match itself.
    const cited = [`(issue ${12})`, `Issue ${13}: a fill`, `issues ${9} and 10`, `issue #${4}`];
    for (const text of cited) expect(ISSUE_NUMBER.test(text), text).toBe(true);
    for (const text of ['zod issue path', 'issueToken(db)', 'the first issue'])
      expect(ISSUE_NUMBER.test(text), text).toBe(false);
    expect(
      trackedFiles().flatMap(issueCitations),
      'cite docs/decisions/ or say why instead',
    ).toEqual([]);
  });

  it('no tracked file names the outside contract, spec or architecture files, or the shared folder', () => {
    const found = trackedFiles().flatMap(outsideReferences);
    expect(
      found,
      'point these at docs/ instead (docs/api.md, docs/pages.md, docs/product.md, docs/architecture.md)',
    ).toEqual([]);
  });
});
