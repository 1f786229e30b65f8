// Type-annotation and doc-comment adoption of an analysis run, and its public API inventory (api_surface).
import { z } from 'zod';
import { schemaNames } from './shared';

const PartSchema = z
  .object({ with: z.number().int(), total: z.number().int() })
  .describe('How many of the counted units have the fact (with) among all of them (total).')
  .register(schemaNames, { name: 'AdoptionPart' });

export const AdoptionSchema = z
  .object({
    typing_param_permille: z
      .number()
      .int()
      .nullable()
      .describe(
        'Parameters with a declared type / all parameters of production functions and methods (TypeScript and Python only), in thousandths; null when none is counted.',
      ),
    typing_return_permille: z
      .number()
      .int()
      .nullable()
      .describe('Production functions and methods with a declared return type / all of them (TypeScript and Python only); null when none.'),
    docstring_permille: z
      .number()
      .int()
      .nullable()
      .describe(
        'Public (exported) production functions, methods and classes with a doc comment / all of them (every language); null when none.',
      ),
    parameters: PartSchema,
    returns: PartSchema,
    public_symbols: PartSchema,
  })
  .register(schemaNames, { name: 'Adoption' });
export type Adoption = z.infer<typeof AdoptionSchema>;

/**
 * One module's adoption (metrics_detail family coverage_adoption), counted as metrics.summary.adoption
 * is; the counts are named as CodeClone's family names them.
 */
export const ModuleAdoptionSchema = z
  .object({
    path: z.string(),
    callable_count: z.number().int().describe('Production functions and methods counted for typing (TypeScript and Python only).'),
    params_total: z.number().int(),
    params_annotated: z.number().int(),
    param_permille: z.number().int().nullable().describe('params_annotated / params_total in thousandths; null when none is counted.'),
    returns_total: z.number().int(),
    returns_annotated: z.number().int(),
    return_permille: z.number().int().nullable(),
    any_annotation_count: z.number().int().describe('Parameters and returns declared `Any` (Python) or `any` (TypeScript).'),
    public_symbol_total: z.number().int(),
    public_symbol_documented: z.number().int(),
    docstring_permille: z.number().int().nullable(),
  })
  .register(schemaNames, { name: 'ModuleAdoption' });
export type ModuleAdoption = z.infer<typeof ModuleAdoptionSchema>;

/** The three permilles a baseline keeps, to give a later run its deltas. */
export const BaselineAdoptionSchema = z
  .object({
    typing_param_permille: z.number().int().nullable(),
    typing_return_permille: z.number().int().nullable(),
    docstring_permille: z.number().int().nullable(),
  })
  .strict()
  .register(schemaNames, { name: 'BaselineAdoption' });
export type BaselineAdoption = z.infer<typeof BaselineAdoptionSchema>;

export const ApiSymbolSchema = z
  .object({
    path: z.string(),
    line: z.number().int(),
    symbol: z.string().describe('The qualified name.'),
    kind: z.string(),
    signature: z.string().nullable().describe('The declaration as written, white space collapsed; null where the index has none.'),
  })
  .register(schemaNames, { name: 'ApiSymbol' });
export type ApiSymbol = z.infer<typeof ApiSymbolSchema>;

/** An API symbol as a baseline keeps it: what a later run's api_breaking_changes and new_api_symbols compare (lines move freely). */
export const BaselineApiSymbolSchema = ApiSymbolSchema.omit({ line: true }).strict().register(schemaNames, { name: 'BaselineApiSymbol' });
export type BaselineApiSymbol = z.infer<typeof BaselineApiSymbolSchema>;
