import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { notices } from '../src/db/schema';
import type { NoticeSenderDeps } from '../src/notices/notice-sender';
import { TelegramApi } from '../src/notices/telegram-api';
import type { BotDeps } from '../src/notices/telegram-bot';
import { FAKE_BOT_TOKEN, startTelegramFake, type TelegramFake } from './fakes/telegram-fake';
import { buildTestApp, type TestApp } from './helper';

export interface TelegramShop {
  fake: TelegramFake;
  t: TestApp;
  telegram: TelegramApi;
  bot: BotDeps;
  sender: NoticeSenderDeps;
  close: () => Promise<void>;
}

/**
 * The shop with its bot on a local fake of the Bot API: the app, the bot's poller and the notice
 * sender as the server runs them (no SMTP). Sign-ups and gift cards are not rate-limited, as the
 * tests make many.
 */
export async function startTelegramShop(owner: string): Promise<TelegramShop> {
  const fake = await startTelegramFake();
  const t = await buildTestApp({
    env: {
      TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
      TELEGRAM_API_URL: fake.url,
      REGISTER_RATE_LIMIT: '1000',
      GIFTCARD_RATE_LIMIT: '1000',
    },
  });
  const telegram = new TelegramApi(FAKE_BOT_TOKEN, fake.url);
  return {
    fake,
    t,
    telegram,
    bot: { db: t.database.db, clock: t.clock, telegram, owner, pollSeconds: 0 },
    sender: { db: t.database.db, clock: t.clock, telegram, mailer: null, publicUrl: t.config.publicUrl },
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/**
 * The shop for a whole test file, handed to `ready`, closed after the tests. After each test,
 * `clear` (the file's own leftovers) runs, what is still waiting fails and the clock moves on a
 * minute: each test starts with nothing due, so that what one leaves is not sent in another.
 * Registers vitest hooks, so it is called at the file's top level.
 */
export function telegramShopPerFile(
  owner: string,
  ready: (shop: TelegramShop) => void,
  clear?: (t: TestApp) => Promise<void>,
): void {
  let shop: TelegramShop | undefined;
  beforeAll(async () => {
    shop = await startTelegramShop(owner);
    ready(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });
  afterEach(async () => {
    if (!shop) return;
    const { t } = shop;
    await clear?.(t);
    await t.database.db
      .update(notices)
      .set({ status: 'failed', lastError: 'test over' })
      .where(eq(notices.status, 'waiting'));
    t.clock.advance(60_000);
  });
}
