import type { ClassifiedFrame, SubscriptionOp, TopicRequest } from './socket-types';

type Ack = Extract<ClassifiedFrame, { kind: 'ack' }>;

interface PendingRequest {
  readonly op: SubscriptionOp;
  /** Topics of this request still waiting for their ack, by topic key. */
  readonly waiting: Map<string, TopicRequest>;
}

/** How much one subscribe/unsubscribe request may carry. */
export interface RequestLimits {
  readonly maxTopics: number;
  readonly maxArgsLength: number;
  argLength(topic: TopicRequest): number;
}

export interface SubscriptionBatch {
  readonly id: string;
  readonly op: SubscriptionOp;
  readonly topics: readonly TopicRequest[];
}

export interface SettledAck {
  readonly op: SubscriptionOp;
  readonly accepted: readonly TopicRequest[];
  readonly rejected: readonly TopicRequest[];
}

/**
 * What a socket should be subscribed to (survives reconnects) and which requests await their ack.
 * Rejected topics leave the wanted set, so a reconnect never resubscribes them; they are reported instead.
 */
export class SubscriptionRegistry {
  private readonly wanted = new Map<string, TopicRequest>();
  private readonly pending = new Map<string, PendingRequest>();
  private nextRequestId = 1;

  constructor(
    private readonly topicKey: (topic: TopicRequest) => string,
    private readonly limits: RequestLimits,
  ) {}

  /** Adds topics to the wanted set; returns those that were not wanted yet. */
  want(topics: readonly TopicRequest[]): TopicRequest[] {
    return topics.filter((topic) => {
      const key = this.topicKey(topic);
      if (this.wanted.has(key)) return false;
      this.wanted.set(key, topic);
      return true;
    });
  }

  /** Removes topics from the wanted set; returns those that were wanted. */
  unwant(topics: readonly TopicRequest[]): TopicRequest[] {
    return topics.filter((topic) => this.wanted.delete(this.topicKey(topic)));
  }

  isWanted(topic: TopicRequest): boolean {
    return this.wanted.has(this.topicKey(topic));
  }

  wantedTopics(): TopicRequest[] {
    return [...this.wanted.values()];
  }

  /** Splits topics into requests within the exchange's limits and records each as awaiting its ack. */
  prepare(op: SubscriptionOp, topics: readonly TopicRequest[]): SubscriptionBatch[] {
    const batches: SubscriptionBatch[] = [];
    let batch: TopicRequest[] = [];
    let length = 0;
    const flush = () => {
      if (batch.length === 0) return;
      const id = String(this.nextRequestId++);
      this.pending.set(id, { op, waiting: new Map(batch.map((topic) => [this.topicKey(topic), topic])) });
      batches.push({ id, op, topics: batch });
      batch = [];
      length = 0;
    };
    for (const topic of topics) {
      const size = this.limits.argLength(topic);
      if (batch.length >= this.limits.maxTopics || length + size > this.limits.maxArgsLength) flush();
      batch.push(topic);
      length += size;
    }
    flush();
    return batches;
  }

  /**
   * Matches an ack to its request: by echoed id, else by the topic keys it names, else (neither) to the
   * oldest request of the same op. Undefined if unmatched.
   */
  settle(ack: Ack): SettledAck | undefined {
    const request = ack.requestId === undefined ? undefined : this.pending.get(ack.requestId);
    const named = [...(ack.acceptedKeys ?? []), ...(ack.rejectedKeys ?? [])];
    if (named.length === 0) {
      // Bybit's private stream acks carry no req_id (docs/protocol.md "Bybit sockets") and answer in order on one connection.
      const id = ack.requestId ?? this.oldestPending(ack.op);
      const whole = id === undefined ? undefined : this.pending.get(id);
      if (id === undefined || whole === undefined) return undefined;
      this.pending.delete(id);
      const topics = [...whole.waiting.values()];
      return this.finish(whole.op, ack.ok ? topics : [], ack.ok ? [] : topics);
    }
    const candidates =
      request === undefined ? [...this.pending.entries()] : [[ack.requestId ?? '', request] as const];
    const take = (keys: readonly string[] | undefined) =>
      (keys ?? []).flatMap((key) => this.take(candidates, ack.op, key));
    return this.finish(ack.op, take(ack.acceptedKeys), take(ack.rejectedKeys));
  }

  isPending(id: string): boolean {
    return this.pending.has(id);
  }

  /** The request timed out: returns its unacknowledged topics (now unwanted) so they can be reported. */
  expire(id: string): SettledAck | undefined {
    const request = this.pending.get(id);
    if (request === undefined) return undefined;
    this.pending.delete(id);
    return this.finish(request.op, [], [...request.waiting.values()]);
  }

  /** The socket went away: no ack will come for anything in flight (the reconnect resends what is wanted). */
  clearPending(): void {
    this.pending.clear();
  }

  /** Pending ids are issued in increasing order and a Map keeps insertion order: the first match is the oldest. */
  private oldestPending(op: SubscriptionOp): string | undefined {
    for (const [id, request] of this.pending) if (request.op === op) return id;
    return undefined;
  }

  private take(
    candidates: readonly (readonly [string, PendingRequest])[],
    op: SubscriptionOp,
    key: string,
  ): TopicRequest[] {
    for (const [id, request] of candidates) {
      const topic = request.op === op ? request.waiting.get(key) : undefined;
      if (topic === undefined) continue;
      request.waiting.delete(key);
      if (request.waiting.size === 0) this.pending.delete(id);
      return [topic];
    }
    return [];
  }

  private finish(op: SubscriptionOp, accepted: TopicRequest[], rejected: TopicRequest[]): SettledAck {
    if (op === 'subscribe') this.unwant(rejected);
    return { op, accepted, rejected };
  }
}
