import { Global, Module } from '@nestjs/common';
import { loadConfig, type LoreConfig } from './config';

export const LORE_CONFIG = Symbol('LORE_CONFIG');

@Global()
@Module({
  providers: [{ provide: LORE_CONFIG, useFactory: (): LoreConfig => loadConfig() }],
  exports: [LORE_CONFIG],
})
export class ConfigModule {}
