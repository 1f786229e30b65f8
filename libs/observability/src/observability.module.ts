import { Global, Module } from '@nestjs/common';
import { LoreMetrics } from './metrics';
import { Tracing } from './tracing';

/** Metrics and tracing, one of each per process, for every lib and door (imported by the graph and knowledge modules). */
@Global()
@Module({ providers: [LoreMetrics, Tracing], exports: [LoreMetrics, Tracing] })
export class ObservabilityModule {}
