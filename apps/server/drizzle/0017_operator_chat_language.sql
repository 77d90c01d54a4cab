-- The language an operator's Telegram app reported when the chat was linked: alerts are written in it
-- (null: English, as before).
ALTER TABLE "operator_chats" ADD COLUMN "language" text;
