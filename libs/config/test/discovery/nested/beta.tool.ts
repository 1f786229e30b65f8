export class BetaTool {}
