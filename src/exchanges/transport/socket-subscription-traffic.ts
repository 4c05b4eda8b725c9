import { NamedTimers } from './socket-timers';
import { SubscriptionRegistry, type SettledAck } from './socket-subscriptions';
import type { ClassifiedFrame, SocketEvent, SocketHooks, SubscriptionOp, TopicRequest } from './socket-types';
import type { Timers } from './timers';

type Ack = Extract<ClassifiedFrame, { kind: 'ack' }>;

/**
 * The subscription side of one socket: what is wanted, the batched requests on the wire, their acks
 * (or ack timeouts) turned into subscribed / unsubscribed / rejected events.
 */
export class SubscriptionTraffic {
  private readonly registry: SubscriptionRegistry;
  /** One per request awaiting its ack, by request id. */
  private readonly ackTimers: NamedTimers<string>;

  constructor(
    private readonly hooks: Pick<
      SocketHooks,
      'topicKey' | 'maxTopicsPerRequest' | 'maxArgsLength' | 'argLength' | 'subscriptionFrame'
    >,
    timers: Timers,
    private readonly ackTimeoutMs: number,
    private readonly emit: (event: SocketEvent) => void,
  ) {
    this.registry = new SubscriptionRegistry((topic) => hooks.topicKey(topic), {
      maxTopics: hooks.maxTopicsPerRequest,
      maxArgsLength: hooks.maxArgsLength,
      argLength: (topic) => hooks.argLength(topic),
    });
    this.ackTimers = new NamedTimers(timers);
  }

  /** Adds topics to the wanted set; returns the new ones. */
  want(topics: readonly TopicRequest[]): TopicRequest[] {
    return this.registry.want(topics);
  }

  /** Removes topics from the wanted set; returns those that were wanted. */
  unwant(topics: readonly TopicRequest[]): TopicRequest[] {
    return this.registry.unwant(topics);
  }

  isWanted(topic: TopicRequest): boolean {
    return this.registry.isWanted(topic);
  }

  wantedTopics(): TopicRequest[] {
    return this.registry.wantedTopics();
  }

  /** Sends `op` for the topics in batches of the exchange's limit, each awaiting its ack. */
  send(op: SubscriptionOp, topics: readonly TopicRequest[], sendFrame: (text: string) => boolean): void {
    for (const batch of this.registry.prepare(op, topics)) {
      this.ackTimers.start(batch.id, this.ackTimeoutMs, () => {
        this.report(this.registry.expire(batch.id), 'timeout', `no ${op} ack within ${this.ackTimeoutMs} ms`);
      });
      sendFrame(this.hooks.subscriptionFrame(op, batch.topics, batch.id));
    }
  }

  settle(ack: Ack): void {
    this.report(this.registry.settle(ack), ack.code, ack.message);
  }

  /** An error frame that echoes a request id rejects that request. False when no request has the id. */
  rejectRequest(requestId: string, code: string, message: string): boolean {
    const settled = this.registry.settle({
      kind: 'ack',
      op: 'subscribe',
      requestId,
      ok: false,
      code,
      message,
    });
    this.report(settled, code, message);
    return settled !== undefined;
  }

  /** The socket went away: no ack will come; a reconnect resends what is wanted. */
  connectionLost(): void {
    this.registry.clearPending();
    this.ackTimers.clearAll();
  }

  private report(settled: SettledAck | undefined, code: string, message: string): void {
    if (settled === undefined) return;
    for (const id of this.ackTimers.names()) if (!this.registry.isPending(id)) this.ackTimers.clear(id);
    if (settled.accepted.length > 0) {
      this.emit({
        type: settled.op === 'subscribe' ? 'subscribed' : 'unsubscribed',
        topics: settled.accepted,
      });
    }
    if (settled.rejected.length > 0) {
      this.emit({ type: 'rejected', op: settled.op, topics: settled.rejected, code, message });
    }
  }
}
