import 'reflect-metadata';
import { threadedIndexJobProcessor } from '@lore/knowledge/index-jobs/index-worker';
import { openServices } from './cli-context';

/** What each `lore worker` thread runs for an index job (see threadedIndexJobProcessor). */
export default threadedIndexJobProcessor(() => openServices());
