/**
 * Whether a repository is a library others install (its public names are its clients' to call) or
 * an application (its public names are only its own), read from the manifests at its root.
 */
export interface Publication {
  /** True for a library: a manifest publishes a package, or nothing says the code is only an application's. */
  published: boolean;
  /** How it was decided, in words: the manifest and what it says. */
  by: string;
}

/** The root files read to decide: each language's package manifest. */
export const MANIFEST_PATHS = [
  'package.json',
  'pyproject.toml',
  'setup.py',
  'setup.cfg',
  'go.mod',
  'pom.xml',
  'build.gradle',
  'build.gradle.kts',
];

/** pyproject.toml's `[project]` or `[tool.poetry]` table: its lines up to the next table's header. */
const PYPROJECT_TABLE = /^\[(?:project|tool\.poetry)\][ \t]*$((?:\n(?!\[).*)*)/m;
/** `name = "click"` in that table. */
const TABLE_NAME = /^\s*name\s*=\s*["']([^"']+)["']/m;

/**
 * A library when a manifest at the root publishes a package: package.json with a name and without
 * `"private": true`, pyproject.toml naming its project, setup.py or setup.cfg, a Go module, a Maven or
 * Gradle build (a JAR is the default artifact). An application when the manifests there publish
 * nothing (a private package.json, a pyproject.toml with no project name). With no manifest at all,
 * a library: code Lore does not see may import it, and calling a used name dead is the worse error.
 */
export function publicationOf(manifests: ReadonlyMap<string, string>): Publication {
  const packageJson = manifests.get('package.json');
  if (packageJson !== undefined) {
    const manifest = parsedObject(packageJson);
    if (manifest !== null && typeof manifest.name === 'string' && manifest.private !== true)
      return { published: true, by: `package.json publishes ${manifest.name} (not private)` };
  }
  const pyproject = manifests.get('pyproject.toml');
  const table = pyproject === undefined ? undefined : PYPROJECT_TABLE.exec(pyproject)?.[1];
  const projectName = table === undefined ? undefined : TABLE_NAME.exec(table)?.[1];
  if (projectName !== undefined) return { published: true, by: `pyproject.toml names the project ${projectName}` };
  for (const path of ['setup.py', 'setup.cfg'])
    if (manifests.has(path)) return { published: true, by: `${path} builds a Python distribution` };
  const goModule = /^module\s+"?([^"\s]+)/m.exec(manifests.get('go.mod') ?? '')?.[1];
  if (goModule !== undefined) return { published: true, by: `go.mod declares the module ${goModule}` };
  for (const path of ['pom.xml', 'build.gradle', 'build.gradle.kts'])
    if (manifests.has(path)) return { published: true, by: `${path} builds a JVM artifact` };
  const present = MANIFEST_PATHS.filter((path) => manifests.has(path));
  if (present.length === 0) return { published: true, by: 'no package manifest at the root: taken as a library' };
  return { published: false, by: `an application: ${present.join(', ')} publish${present.length === 1 ? 'es' : ''} no package` };
}

function parsedObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
