import { identifierWords } from '@lore/indexer';

/**
 * Builds a Lucene query from what a person or agent typed: each word as a term and a prefix, each
 * whole identifier boosted, and a few words typed apart ("order validator") also tried as the one
 * identifier they spell (OrderValidator). Only letters and digits reach Lucene, so its syntax cannot
 * be injected.
 */
export function toLuceneQuery(text: string): string | null {
  const identifiers = text.split(/[^A-Za-z0-9_$]+/).filter(Boolean);
  const words = [...new Set(identifiers.flatMap(identifierWords))];
  const whole = [...new Set(identifiers.map((identifier) => identifier.replace(/[^A-Za-z0-9]/g, '').toLowerCase()))].filter(
    (identifier) => identifier && !words.includes(identifier),
  );
  const joined =
    identifiers.length >= 2 && identifiers.length <= 4
      ? identifiers
          .join('')
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
      : null;
  if (joined && !whole.includes(joined)) whole.push(joined);
  if (words.length === 0 && whole.length === 0) return null;
  return [...whole.map((identifier) => `${identifier}^4`), ...words.map((word) => `${word}^2 OR ${word}*`)].join(' OR ');
}
