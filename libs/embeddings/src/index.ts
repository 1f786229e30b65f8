export * from './embedder';
export * from './vector-math';
export * from './code-tokenizer';
export * from './hashing-embedder';
export * from './onnx-embedder';
export * from './openai-compatible-embedder';
export * from './caching-embedder';
export * from './create-embedder';
