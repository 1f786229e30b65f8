import type { ChapterInput } from '@lore/domain/schemas/project-knowledge';
import { renderKnowledgeDocument, slugify } from './knowledge-document';

/** What an imported CLAUDE.md / AGENTS.md becomes: main.md, and a knowledge document per `## ` section. */
export function importedKnowledge(text: string, updated: string): { main: string; documents: { filename: string; text: string }[] } {
  const sections = splitByHeading(text.replace(/\r\n/g, '\n'), '## ');
  const documents: { filename: string; text: string; title: string }[] = [];
  for (const section of sections.sections) {
    const slug = slugify(section.title);
    if (slug === '' || slug === 'main') continue;
    let filename = `${slug}.md`;
    for (let n = 2; documents.some((document) => document.filename === filename); n += 1) filename = `${slug}-${n}.md`;
    const parts = splitByHeading(section.body, '### ');
    const [introduction, ...rest] = parts.preamble.trim().split(/\n[ \t]*\n/);
    const chapters =
      parts.sections.length > 0
        ? parts.sections.map((chapter) => paragraphChapter(chapter.title, chapter.body))
        : rest.length > 0
          ? [paragraphChapter(section.title, rest.join('\n\n'))]
          : [];
    const text = renderKnowledgeDocument(
      { title: section.title, keywords: slug.split('-').filter((word) => word.length > 2), updated, extra: {} },
      [introduction ?? '', ...(parts.sections.length > 0 ? rest : [])].join('\n\n'),
      chapters,
    );
    documents.push({ filename, text, title: section.title });
  }
  const index = documents.map((document) => `- ${document.title}: ${document.filename}`).join('\n');
  const preamble = sections.preamble.trimEnd();
  const main = `${preamble}${preamble === '' ? '' : '\n\n'}${documents.length > 0 ? `## Knowledge documents\n\n${index}\n` : ''}`;
  return {
    main: main === '' ? '' : main.endsWith('\n') ? main : `${main}\n`,
    documents: documents.map(({ filename, text }) => ({ filename, text })),
  };
}

function paragraphChapter(title: string, body: string): ChapterInput {
  const [summary, ...content] = body.trim().split(/\n[ \t]*\n/);
  return { title, summary: summary ?? '', content: content.join('\n\n') };
}

/** A text cut at the headings that start with `marker` (outside fenced code): what comes before the first, and each section. */
function splitByHeading(text: string, marker: string): { preamble: string; sections: { title: string; body: string }[] } {
  const lines = text.split('\n');
  const sections: { title: string; body: string[] }[] = [];
  const preamble: string[] = [];
  let fenced = false;
  for (const line of lines) {
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && line.startsWith(marker))
      sections.push({
        title: line
          .slice(marker.length)
          .replace(/#+\s*$/, '')
          .trim(),
        body: [],
      });
    else if (sections.length > 0) sections[sections.length - 1]!.body.push(line);
    else preamble.push(line);
  }
  return { preamble: preamble.join('\n'), sections: sections.map((section) => ({ title: section.title, body: section.body.join('\n') })) };
}
