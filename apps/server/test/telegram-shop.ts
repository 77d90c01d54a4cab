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
