import http from 'node:http';
import https from 'node:https';

export interface PanelClientOptions {
  /** The shop's API (PANEL_URL). */
  url: string;
  /** The node's token; sent as a Bearer token, never logged. */
  token: string;
  /** PEM of the CA or certificate the shop's certificate must chain to (PANEL_CA): nothing else is trusted. */
  ca?: string;
}

export interface PanelAnswer {
  status: number;
  body: unknown;
}

/** An open stream: lines arrive through the handler given to `stream`. */
export interface PanelStream {
  close(): void;
}

export interface StreamHandlers {
  /** The API answered: 200 streams, 401 means the token is unknown or revoked. */
  onStatus(status: number): void;
  onLine(line: string): void;
  /** Any bytes (a line may take several chunks): the link's silence timer counts from here. */
  onData(): void;
  /** The stream ended, failed or was closed; `reason` is for the log (never holds the token). */
  onClose(reason: string): void;
}

/** The most one line may be: a snapshot of many rentals is one line, so this is generous. */
const MAX_LINE = 256 * 1024 * 1024;

/** HTTP(S) to the shop's API as a node: its token on every request, and the pinned CA when there is one. */
export class PanelClient {
  private readonly base: URL;
  private readonly agent: http.Agent;

  constructor(private readonly options: PanelClientOptions) {
    this.base = new URL(options.url);
    this.agent =
      this.base.protocol === 'https:'
        ? new https.Agent({ keepAlive: true, ...(options.ca ? { ca: options.ca } : {}) })
        : new http.Agent({ keepAlive: true });
  }

  private request(method: string, path: string, headers: Record<string, string>): http.ClientRequest {
    const target = new URL(path, this.base);
    const send = target.protocol === 'https:' ? https.request : http.request;
    return send(target, {
      method,
      agent: this.agent,
      headers: { authorization: `Bearer ${this.options.token}`, ...headers },
    });
  }

  /** POSTs JSON and reads the JSON answer; rejects only when there is no answer (network, timeout). */
  post(path: string, body: unknown, timeoutMs = 10_000): Promise<PanelAnswer> {
    return new Promise((resolve, reject) => {
      const payload = Buffer.from(JSON.stringify(body));
      const request = this.request('POST', path, {
        'content-type': 'application/json',
        'content-length': String(payload.length),
      });
      request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // Not JSON (a balancer's error page): the status says enough.
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      });
      request.end(payload);
    });
  }

  /** Opens `GET path` and hands on each line as it arrives. */
  stream(path: string, handlers: StreamHandlers): PanelStream {
    let closed = false;
    const finish = (reason: string) => {
      if (closed) return;
      closed = true;
      handlers.onClose(reason);
    };
    const request = this.request('GET', path, { accept: 'application/x-ndjson' });
    request.on('error', (error) => finish(error.message));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      handlers.onStatus(status);
      if (status !== 200) {
        response.resume();
        request.destroy();
        finish(`the API answered ${status}`);
        return;
      }
      let buffered = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        handlers.onData();
        buffered += chunk;
        let newline = buffered.indexOf('\n');
        while (newline >= 0 && !closed) {
          const line = buffered.slice(0, newline).trim();
          buffered = buffered.slice(newline + 1);
          if (line !== '') handlers.onLine(line);
          newline = buffered.indexOf('\n');
        }
        if (buffered.length > MAX_LINE) request.destroy(new Error('a line longer than the stream allows'));
      });
      response.on('end', () => finish('the API ended the stream'));
      response.on('error', (error) => finish(error.message));
    });
    request.end();
    return {
      close: () => {
        request.destroy();
        finish('closed');
      },
    };
  }

  close(): void {
    this.agent.destroy();
  }
}
