import { isTestPath, languageOf, languageOfScript, mimeTypeOf } from '../languages';
import { codeLanguages, knownLanguage, packageEcosystems } from './language-registry';

describe('the language folders', () => {
  it('are found by their folder, each language id once', () => {
    expect(codeLanguages()).toEqual([
      'bash',
      'c',
      'cpp',
      'csharp',
      'dart',
      'go',
      'java',
      'javascript',
      'kotlin',
      'lua',
      'php',
      'python',
      'ruby',
      'rust',
      'scala',
      'swift',
      'typescript',
    ]);
    expect(knownLanguage('javascript')?.definition).toBe(knownLanguage('typescript')?.definition);
    expect(knownLanguage('markdown')).toBeNull();
  });

  it("give a file its language by extension, or by its #! line's interpreter when it has none", () => {
    expect(['src/a.MTS', 'lib/b.cjs', 'c.py', 'D.java', 'e.go', 'f.sh', 'README.md', 'Makefile'].map(languageOf)).toEqual([
      'typescript',
      'javascript',
      'python',
      'java',
      'go',
      'bash',
      'markdown',
      'text',
    ]);
    expect(languageOfScript('bin/run', '#!/usr/bin/env -S python3 -u\nprint(1)\n')).toBe('python');
    expect(languageOfScript('bin/serve', '#!/usr/local/bin/node')).toBe('javascript');
    expect(languageOfScript('bin/build', '#!/bin/sh\n')).toBe('bash');
    expect(languageOfScript('bin/report', '#!/usr/bin/perl -w\n')).toBeNull();
    expect(languageOfScript('tool.txt', '#!/usr/bin/env python3\n')).toBeNull();
    expect([mimeTypeOf('go'), mimeTypeOf('markdown'), mimeTypeOf('text')]).toEqual(['text/x-go', 'text/markdown', 'text/plain']);
  });

  it("recognise each ecosystem's test files, and every ecosystem's test folders", () => {
    const paths = [
      'src/a.spec.ts',
      'test_a.py',
      'a_test.py',
      'a_test.go',
      'src/test/java/A.java',
      'tests/data.json',
      'cart.bats',
      'format_test.sh',
      'test_cart.bash',
      'src/a.ts',
      'src/atest.go',
      'lib/cart.sh',
    ];
    expect(paths.filter(isTestPath)).toEqual(paths.slice(0, 9));
  });

  it('say which languages a package of each ecosystem holds', () => {
    expect(packageEcosystems()).toEqual([
      { ecosystem: 'npm', languages: ['typescript', 'javascript'], modules: 'tree' },
      { ecosystem: 'python', languages: ['python'], modules: 'tree' },
      { ecosystem: 'java', languages: ['java'], modules: 'directory' },
      { ecosystem: 'go', languages: ['go'], modules: 'directory' },
    ]);
  });
});
