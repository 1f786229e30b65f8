/** Lower-case words of an identifier: placeOrder -> place order, HTTPServer2 -> http server 2. */
export function identifierWords(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

export function nameTokens(name: string, qualifiedName: string): string {
  return [...new Set([...identifierWords(name), ...identifierWords(qualifiedName)])].join(' ');
}
