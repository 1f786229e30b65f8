import { changeOfClaim, changeSentence, renamedTo } from './stale-changes';

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
