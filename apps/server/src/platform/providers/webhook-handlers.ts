/** What a verified, stored webhook becomes; modules (SMS, calls) register the handler of each kind. */
export type WebhookKind = 'SMS_INBOUND' | 'SMS_STATUS' | 'CALL_INBOUND' | 'CALL_STATUS';

export interface WebhookEvent {
  id: string;
  kind: WebhookKind;
  /** The provider's form parameters as posted (Twilio names: MessageSid, From, To, Body, MessageStatus, CallSid, CallStatus, CallDuration, …). */
  params: Record<string, string>;
}

export type WebhookHandler = (event: WebhookEvent) => Promise<void>;

/** One handler per kind; the webhook job looks the kind up here. */
export class WebhookHandlers {
  private readonly handlers = new Map<WebhookKind, WebhookHandler>();

  on(kind: WebhookKind, handler: WebhookHandler): void {
    if (this.handlers.has(kind)) throw new Error(`A webhook handler for ${kind} is already registered`);
    this.handlers.set(kind, handler);
  }

  get(kind: WebhookKind): WebhookHandler | undefined {
    return this.handlers.get(kind);
  }

  /**
   * Puts `handler` (or none) in place of a kind's handler and returns what undoes it. For tests that
   * observe the webhook pipeline itself, whichever module normally handles the kind.
   */
  override(kind: WebhookKind, handler: WebhookHandler | undefined): () => void {
    const previous = this.handlers.get(kind);
    const set = (h: WebhookHandler | undefined) => (h ? this.handlers.set(kind, h) : this.handlers.delete(kind));
    set(handler);
    return () => void set(previous);
  }
}
