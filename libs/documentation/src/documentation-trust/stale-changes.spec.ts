import { changeOfClaim, changeSentence, removalSentence, renamedTo, replacedBy } from './stale-changes';

describe('renamedTo', () => {
  const cobraNames = ['SetHelpCommandGroupID', 'GenBashCompletion', 'GenBashCompletionV2', 'ExecuteContext', 'Execute', 'ExactArgs'];

  it.each([
    ['SetHelpCommandGroupId', cobraNames, 'SetHelpCommandGroupID'],
    ['GenBashCompletionV3', cobraNames, 'GenBashCompletionV2'],
    ['ExactsArgs', cobraNames, 'ExactArgs'],
    ['buildReports', ['buildReport', 'composeReport'], 'buildReport'],
  ])('%s is renamed in %j to %s', (missing, names, expected) => {
    expect(renamedTo(missing, names)).toBe(expected);
  });

  it.each([
    ['a name more than one edit away', 'ExecuteWithContext', cobraNames],
    ['two names equally close', 'parseArg', ['parseArgs', 'parseArgv']],
    ['a short name', 'Run', ['run']],
    ['a close name that is short', 'runE', ['RunE', 'run']],
    ['no names at all', 'buildReport', []],
    ['only the name itself', 'buildReport', ['buildReport']],
  ])('is null for %s', (_, missing, names) => {
    expect(renamedTo(missing, names)).toBeNull();
  });

  it('counts a name declared twice as one candidate', () => {
    expect(renamedTo('writeReports', ['writeReport', 'writeReport'])).toBe('writeReport');
  });
});

describe('changeOfClaim', () => {
  it.each([
    ['parameter_count', 'signature'],
    ['has_parameter', 'signature'],
    ['parameter_optional', 'signature'],
    ['returns', 'signature'],
    ['is_async', 'signature'],
    ['parameter_default', 'default'],
    ['is_static', null],
    ['extends', null],
    ['defined_in_file', null],
    ['constant_value', null],
  ] as const)('%s says %s', (kind, expected) => {
    expect(changeOfClaim(kind)).toBe(expected);
  });
});

describe('changeSentence', () => {
  it.each([
    ['renamed', 'buildReport', 'composeReport', 'buildReport was renamed: the code at the indexed commit has composeReport instead.'],
    ['removed', '--verbose', null, '--verbose was removed: the code at the indexed commit has no such name.'],
    ['signature', 'launch', null, 'The signature at the indexed commit is different.'],
    ['default', 'confirm', null, 'The default value at the indexed commit is different.'],
  ] as const)('%s', (change, name, newName, expected) => {
    expect(changeSentence(change, name, newName)).toBe(expected);
  });
});

describe('replacedBy', () => {
  const removal = (removedLine: string, addedLines: string[]) => ({
    commitSha: 'c0ffee0c0ffee0c0ffee0c0ffee0c0ffee0c0ffe',
    date: '2026-03-01',
    path: 'command.go',
    line: 12,
    removedLine,
    addedLines,
  });
  const declared = ['ExecuteContext', 'Execute', 'Command', 'ExecuteContextC'];

  it('is the one declared name the change put in place of the removed line', () => {
    const renamed = removal('func (c *Command) ExecuteWithContext(ctx context.Context) error {', [
      'func (c *Command) ExecuteContext(ctx context.Context) error {',
    ]);
    expect(replacedBy(renamed, declared)).toBe('ExecuteContext');
  });

  it.each([
    ['nothing put in its place', removal('func (c *Command) ExecuteWithContext() error {', [])],
    ['a new name the code does not declare', removal('run(ExecuteWithContext)', ['run(executeLater)'])],
    ['two declared names put in', removal('ExecuteWithContext()', ['ExecuteContext()', 'ExecuteContextC()'])],
    ['a declared name the removed line had already', removal('Command.ExecuteWithContext()', ['Command.run()'])],
  ])('is null for %s', (_, change) => {
    expect(replacedBy(change, declared)).toBeNull();
  });
});

describe('removalSentence', () => {
  it('says where the name last was and which commit took it out', () => {
    expect(
      removalSentence({
        commitSha: 'c0ffee0c0ffee0c0ffee0c0ffee0c0ffee0c0ffe',
        date: '2026-03-01',
        path: 'src/report.ts',
        line: 8,
        removedLine: 'export function buildReport() {}',
        addedLines: [],
      }),
    ).toBe('It was last in the code at src/report.ts:8, taken out by commit c0ffee0c0ffe on 2026-03-01.');
  });
});
