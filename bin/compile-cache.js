// V8's code cache for the CommonJS modules a `lore` command loads, on a Node without
// module.enableCompileCache (added in Node 22.1; CI and the 2-core machine run Node 20).
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const vm = require('node:vm');

/**
 * Each module's compiled code is kept in `directory` (one file per module path, holding the hash of
 * the source it was made from) and read back by the next command instead of being compiled again.
 * V8 checks only a source's length against its cache, so the hash is what keeps a rebuilt file from
 * running stale code. Caches are written when the process exits, after the command ran, so that they
 * hold the functions it compiled lazily too. A module V8 will not compile as a script (ES module
 * syntax) goes to Node's own compiler, which gives the same errors as without the cache.
 */
function enableCompileCache(directory) {
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
  } catch {
    return;
  }
  const compile = Module.prototype._compile;
  /** Compiled here, without a usable cache: [cache file, source hash, script]. */
  const unsaved = [];
  Module.prototype._compile = function compileWithCache(content, filename) {
    const sourceHash = createHash('sha1').update(content).digest();
    const file = join(directory, createHash('sha1').update(filename).digest('hex'));
    let cachedData;
    try {
      const saved = readFileSync(file);
      if (saved.subarray(0, sourceHash.length).equals(sourceHash)) cachedData = saved.subarray(sourceHash.length);
    } catch {
      // Not cached yet.
    }
    let script;
    try {
      script = new vm.Script(Module.wrap(content), {
        filename,
        cachedData,
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      });
    } catch {
      return compile.apply(this, arguments);
    }
    if (cachedData === undefined || script.cachedDataRejected) unsaved.push([file, sourceHash, script]);
    return script.runInThisContext({ displayErrors: true }).call(this.exports, ...moduleArguments(this, filename));
  };
  process.once('exit', () => {
    for (const [file, sourceHash, script] of unsaved) {
      try {
        writeFileSync(`${file}.${process.pid}`, Buffer.concat([sourceHash, script.createCachedData()]));
        renameSync(`${file}.${process.pid}`, file);
      } catch {
        // A cache not written is compiled again next time.
      }
    }
  });
}

/** exports, require, module, __filename, __dirname: what Node gives a CommonJS module's code. */
function moduleArguments(module, filename) {
  const require = (id) => module.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, module);
  require.main = process.mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return [module.exports, require, module, filename, dirname(filename)];
}

module.exports = { enableCompileCache };
