// The knowledge module. Each capability's service is a public entry of its own:
// import it from '@lore/knowledge/<capability>/<name>.service'.
export * from './knowledge.module';
