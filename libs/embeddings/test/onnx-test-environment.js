/**
 * Jest environment for specs that run onnxruntime-node. Jest gives each spec its own realm, but the
 * native addon returns typed arrays made in Node's main realm, and onnxruntime-common (loaded inside
 * the sandbox) rejects them with "A float32 tensor's data must be type of function Float32Array()".
 * Handing the sandbox the main realm's typed-array constructors makes both sides agree. Only tests need
 * this: outside Jest there is one realm.
 */
const { TestEnvironment } = require('jest-environment-node');

const TYPED_ARRAYS = [
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

class OnnxTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) this.global[name] = globalThis[name];
  }
}

module.exports = OnnxTestEnvironment;
