// The code-health module. Each service is a public entry of its own:
// import it from '@lore/code-health/<folder>/<name>.service'.
export * from './code-health.module';
