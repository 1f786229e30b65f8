// lodash ships no types of its own; this is the one function the knowledge store takes from it.
declare module 'lodash/deburr' {
  /** Latin-1 Supplement and Latin Extended-A letters to basic Latin ("Überblick" to "Uberblick", "ß" to "ss"). */
  export default function deburr(text: string): string;
}
