import { splitDocComments } from './doc-comments';

describe('splitDocComments', () => {
  it('reads JSDoc and Javadoc blocks as Markdown lines at their own line numbers, and blanks them in the code', () => {
    const text = [
      'import { a } from "./a";',
      '/**',
      ' * Totals an order; see {@link lineTotal} and {@linkcode Money the type}.',
      ' * Runs `check` first.',
      ' */',
      'export function orderTotal() {}',
      '/** One line. */',
      'const x = 1; /* not a doc comment */',
    ].join('\n');
    expect(splitDocComments(text, 'typescript')).toEqual({
      comments: ['', '', 'Totals an order; see `lineTotal` and `Money`.', 'Runs `check` first.', '', '', 'One line.', ''].join('\n'),
      code: [
        'import { a } from "./a";',
        '',
        '',
        '',
        '',
        'export function orderTotal() {}',
        '',
        'const x = 1; /* not a doc comment */',
      ].join('\n'),
    });
  });

  it("reads Python's docstrings (module, def, class), not other strings", () => {
    const text = [
      '"""The module: uses ``compose``."""',
      'import os',
      'def total(order):',
      '    """Sums the lines.',
      '',
      '    Calls :func:`line_total`.',
      '    """',
      '    note = """not a docstring"""',
      '    return 0',
    ].join('\n');
    expect(splitDocComments(text, 'python').comments.split('\n')).toEqual([
      'The module: uses `compose`.',
      '',
      '',
      'Sums the lines.',
      '',
      'Calls :func:`line_total`.',
      '',
      '',
      '',
    ]);
  });

  it("reads Go's comments right above a declaration, with [Name] links as code", () => {
    const text = [
      '// Package drift checks documents.',
      'package drift',
      '',
      '// not above anything',
      '',
      '// Check runs [Report.Write].',
      'func Check() {}',
    ].join('\n');
    expect(splitDocComments(text, 'go').comments.split('\n')).toEqual([
      'Package drift checks documents.',
      '',
      '',
      '',
      '',
      'Check runs `Report.Write`.',
      '',
    ]);
  });

  it("reads Lua's runs of `--` lines that hold a `---` line (LDoc, LuaLS), not other comments", () => {
    const text = [
      '-- not a doc',
      'local M = {}',
      '',
      '--- Adds an item.',
      '-- @param item Item',
      '---@return boolean',
      'function M.add(item) end',
      '--[[ a block ]]',
    ].join('\n');
    const split = splitDocComments(text, 'lua');
    expect(split.comments.split('\n')).toEqual(['', '', '', 'Adds an item.', '@param item Item', '@return boolean', '', '']);
    expect(split.code.split('\n')).toEqual(['-- not a doc', 'local M = {}', '', '', '', '', 'function M.add(item) end', '--[[ a block ]]']);
  });

  it("reads Bash's # lines right above a function, not a #! line, a ShellCheck directive or a comment above other code", () => {
    const text = [
      '#!/usr/bin/env bash',
      '# Adds an item.',
      '# shellcheck disable=SC2034',
      'cart_add() {',
      '  # not above a function',
      '  local x=1',
      '}',
      '# Prints the total.',
      'function cart_total {',
      '}',
    ].join('\n');
    expect(splitDocComments(text, 'bash').comments.split('\n')).toEqual([
      '',
      'Adds an item.',
      '',
      '',
      '',
      '',
      '',
      'Prints the total.',
      '',
      '',
    ]);
  });

  it('leaves a file of another language as code, with no comments', () => {
    expect(splitDocComments('/** x */', 'markdown')).toEqual({ comments: '', code: '/** x */' });
  });
});
