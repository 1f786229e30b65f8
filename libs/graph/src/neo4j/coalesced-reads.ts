/** A read of one key under way, and the one that follows it for whoever asked meanwhile. */
interface Flight<V> {
  answer: Promise<V>;
  following?: Promise<V>;
}

/**
 * Concurrent reads of the same key made into one, without ever answering from the past: a caller
 * who asks while a read of its key is under way waits for the read that starts when that one ends
 * (the one under way may have begun before a write this caller already saw), and shares it with
 * everyone else who asked meanwhile. Under load, N callers of one key cost about one read per read's
 * duration instead of N; a lone caller costs exactly one read, as before. Failures are shared the
 * same way and never kept.
 */
export class CoalescedReads<V> {
  private readonly flights = new Map<string, Flight<V>>();

  read(key: string, read: () => Promise<V>): Promise<V> {
    const flight = this.flights.get(key);
    if (flight === undefined) return this.launch(key, read);
    flight.following ??= flight.answer.then(
      () => this.launch(key, read),
      () => this.launch(key, read),
    );
    return flight.following;
  }

  private launch(key: string, read: () => Promise<V>): Promise<V> {
    const flight: Flight<V> = { answer: read() };
    this.flights.set(key, flight);
    const land = (): void => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    flight.answer.then(land, land);
    return flight.answer;
  }
}
