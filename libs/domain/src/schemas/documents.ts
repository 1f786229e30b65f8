import { z } from 'zod';
import { KnowledgeAboutSchema } from './knowledge-links';
import { SymbolRefSchema, TrustBoundarySchema, WarningSchema, schemaNames, symbolOrFileTargetInput } from './shared';

/** get_documents: the Markdown sections that mention or describe a symbol or a file. */
export const MAX_DOCUMENT_SECTIONS = 200;

export const GetDocumentsInputSchema = symbolOrFileTargetInput({
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_DOCUMENT_SECTIONS)
    .default(50)
    .describe(`At most this many sections (at most ${MAX_DOCUMENT_SECTIONS}), by repository, document path and line.`),
}).register(schemaNames, { name: 'GetDocumentsInput' });
export type GetDocumentsInput = z.input<typeof GetDocumentsInputSchema>;

/** How a section refers to what was asked about, in the order the answer lists them. */
export const DOCUMENT_REFERENCES = ['mentions_symbol', 'links_its_file', 'links_file', 'mentions_its_symbol'] as const;
export const DocumentReferenceSchema = z
  .enum(DOCUMENT_REFERENCES)
  .describe(
    'mentions_symbol: its inline code names the symbol asked about; links_its_file: it links to the file that declares that symbol; links_file: it links to the file asked about; mentions_its_symbol: its inline code names a symbol that file declares.',
  )
  .register(schemaNames, { name: 'DocumentReference' });
export type DocumentReference = z.infer<typeof DocumentReferenceSchema>;

export const DOCUMENT_KINDS = ['readme', 'adr', 'doc'] as const;
export const DocumentKindSchema = z.enum(DOCUMENT_KINDS).register(schemaNames, { name: 'DocumentKind' });

export const DocumentSectionSchema = z
  .object({
    uri: z.string().describe('doc://{repo}/{commit}/{path}#L{start}-L{end}: the section, readable with get_file_span.'),
    repositoryId: z.string(),
    path: z.string().describe('Path of the document.'),
    documentTitle: z.string().describe('The document title: its first level-1 heading, else its file name.'),
    documentKind: DocumentKindSchema,
    title: z.string().describe('The section heading (the document title for text before the first heading).'),
    level: z.number().int().describe('Heading level, 1 to 6; 0 for text before the first heading.'),
    startLine: z.number().int().describe('The heading line.'),
    endLine: z.number().int().describe('The last line before the next heading, or the end of the document.'),
    refersBy: z.array(DocumentReferenceSchema).describe('Every way this section refers to what was asked about.'),
    symbols: z
      .array(SymbolRefSchema)
      .describe('The symbols of what was asked about that the section names, in the order they are declared.'),
  })
  .register(schemaNames, { name: 'DocumentSection' });
export type DocumentSection = z.infer<typeof DocumentSectionSchema>;

export const DocumentsTargetSchema = z
  .object({
    repositoryId: z.string(),
    path: z.string().describe('The file asked about, or the file declaring the symbol asked about.'),
    symbol: SymbolRefSchema.nullable().describe('The symbol asked about; null when a file was.'),
  })
  .register(schemaNames, { name: 'DocumentsTarget' });

export const GetDocumentsResultSchema = z
  .object({
    target: DocumentsTargetSchema,
    sections: z.array(DocumentSectionSchema),
    knowledge: z
      .array(KnowledgeAboutSchema)
      .describe(
        'Project knowledge chapters about the symbol, or the file and its symbols, each flagged when that code changed after the chapter was written (Lore).',
      ),
    warnings: z.array(WarningSchema),
    trustBoundary: TrustBoundarySchema,
  })
  .register(schemaNames, { name: 'GetDocumentsResult' });
export type GetDocumentsResult = z.infer<typeof GetDocumentsResultSchema>;
