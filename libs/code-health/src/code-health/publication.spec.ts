import { publicationOf } from './publication';

describe('publicationOf', () => {
  it.each([
    [{ 'package.json': '{"name": "ky", "version": "2.0.2"}' }, { published: true, by: 'package.json publishes ky (not private)' }],
    [{ 'package.json': '{"name": "web", "private": true}' }, { published: false, by: 'an application: package.json publishes no package' }],
    [
      { 'pyproject.toml': '[build-system]\nrequires = ["flit_core"]\n\n[project]\nname = "click"\nversion = "8.3.0"\n' },
      { published: true, by: 'pyproject.toml names the project click' },
    ],
    [
      { 'pyproject.toml': '[project]\ndependencies = ["a[b]"]\nname = "svc"\n[tool.x]\nname = "other"\n' },
      { published: true, by: 'pyproject.toml names the project svc' },
    ],
    [
      { 'pyproject.toml': '[project.urls]\nname = "docs"\n[tool.poetry]\nname = "tool"\n' },
      { published: true, by: 'pyproject.toml names the project tool' },
    ],
    [
      { 'pyproject.toml': '[tool.ruff]\nline-length = 100\n', 'package.json': '{"private": true}' },
      { published: false, by: 'an application: package.json, pyproject.toml publish no package' },
    ],
    [
      { 'pyproject.toml': '[tool.black]\n', 'setup.py': 'setup()' },
      { published: true, by: 'setup.py builds a Python distribution' },
    ],
    [
      { 'go.mod': 'module github.com/go-yaml/yaml\n\ngo 1.21\n' },
      { published: true, by: 'go.mod declares the module github.com/go-yaml/yaml' },
    ],
    [{ 'go.mod': 'module "gopkg.in/yaml.v3"\n' }, { published: true, by: 'go.mod declares the module gopkg.in/yaml.v3' }],
    [{ 'pom.xml': '<project/>' }, { published: true, by: 'pom.xml builds a JVM artifact' }],
    [{}, { published: true, by: 'no package manifest at the root: taken as a library' }],
    [{ 'package.json': 'not json' }, { published: false, by: 'an application: package.json publishes no package' }],
  ])('%j', (files, expected) => {
    expect(publicationOf(new Map(Object.entries(files)))).toEqual(expected);
  });
});
