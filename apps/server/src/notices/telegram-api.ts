/**
 * The few Bot API methods the portal uses, with plain fetch (no bot library for three calls): `getMe`,
 * `getUpdates` (long polling) and `sendMessage`. The token is part of every method's URL, so no
 * URL and no fetch error text leaves this module: failures say only the method and the reason.
 */
export class TelegramError extends Error {
  constructor(
    /** Telegram's error_code (429, 400, 403...), or 0 when no answer came (network, timeout). */
    readonly code: number,
    message: string,
    /** Seconds Telegram asks to wait before the next message (a 429's `parameters.retry_after`). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'TelegramError';
  }

  /** Worth trying again later: rate limited, no answer, or Telegram's own trouble. */
  get transient(): boolean {
    return this.code === 0 || this.code === 429 || this.code >= 500;
  }
}

export interface TelegramMessage {
  message_id: number;
  chat: { id: number; type: string };
  from?: { id: number; language_code?: string };
  text?: string;
}

export interface TelegramUpdate {
  update_id: number;
  message?: TelegramMessage;
}

interface BotApiAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export class TelegramApi {
  private username: Promise<string> | null = null;

  constructor(
    private readonly token: string,
    private readonly apiUrl: string,
    private readonly timeoutMs = 15_000,
  ) {}

  private async call<T>(method: string, body: unknown, options: { signal?: AbortSignal; timeoutMs?: number } = {}) {
    // One controller per call, its listener removed afterwards: a long-lived stop signal would
    // otherwise collect a listener per poll (AbortSignal.any keeps them until collected).
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? this.timeoutMs);
    const stop = () => controller.abort();
    options.signal?.addEventListener('abort', stop, { once: true });
    try {
      let response: Response;
      try {
        response = await fetch(`${this.apiUrl}/bot${this.token}/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: controller.signal,
        });
      } catch (error) {
        const reason = timedOut ? 'timed out' : options.signal?.aborted ? 'stopped' : 'network error';
        const code = (error as { cause?: { code?: string } }).cause?.code;
        throw new TelegramError(0, `${method}: ${reason}${code ? ` (${code})` : ''}`);
      }
      let answer: BotApiAnswer<T>;
      try {
        answer = (await response.json()) as BotApiAnswer<T>;
      } catch {
        throw new TelegramError(response.status >= 500 ? response.status : 0, `${method}: HTTP ${response.status}`);
      }
      if (answer.ok && answer.result !== undefined) return answer.result;
      const code = answer.error_code ?? response.status;
      const description = (answer.description ?? `HTTP ${response.status}`).slice(0, 200);
      throw new TelegramError(code, `${method}: ${code} ${description}`, answer.parameters?.retry_after);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
    }
  }

  /** The bot's username from getMe, asked once (again after a failure). */
  botUsername(): Promise<string> {
    this.username ??= this.call<{ username?: string }>('getMe', {}).then(
      (me) => {
        if (!me.username) throw new TelegramError(0, 'getMe: no username');
        return me.username;
      },
      (error: unknown) => {
        this.username = null;
        throw error;
      },
    );
    return this.username;
  }

  /** Long polling: waits up to `timeoutSeconds` for updates after `offset`. */
  getUpdates(offset: number, timeoutSeconds: number, signal?: AbortSignal): Promise<TelegramUpdate[]> {
    return this.call<TelegramUpdate[]>(
      'getUpdates',
      { offset, timeout: timeoutSeconds, allowed_updates: ['message'] },
      { signal, timeoutMs: (timeoutSeconds + 10) * 1000 },
    );
  }

  async sendMessage(chatId: number, text: string): Promise<void> {
    await this.call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
  }
}
