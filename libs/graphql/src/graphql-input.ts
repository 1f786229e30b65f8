/** GraphQL sends null for an omitted optional field; the services' schemas mean "absent". */
export function withoutNulls<T extends object>(input: T): T {
  return JSON.parse(JSON.stringify(input, (_key, value: unknown) => (value === null ? undefined : value))) as T;
}
