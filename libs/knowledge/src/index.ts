export * from './files/file-span.service';
export * from './indexing/indexing.service';
export * from './knowledge.module';
export * from './search/search.service';
export * from './search/semantic-index';
export * from './symbols/symbol.service';
export * from './system/system.service';
