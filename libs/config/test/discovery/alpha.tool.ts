export class AlphaTool {}
export const helper = (): number => 1;
