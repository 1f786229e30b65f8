// The documentation module. Each service is a public entry of its own:
// import it from '@lore/documentation/<folder>/<name>.service'.
export * from './documentation.module';
