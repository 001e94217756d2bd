import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { settings } from '../db/schema';
import { isRecord } from '../../lib/is-record';

/**
 * Where the Telegram alerts' settings are kept: a row of the settings table outside the settings groups, so no
 * settings reader (the storefront's config, the settings forms, the cache) ever sees the bot token.
 */
export const TELEGRAM_ROW = 'telegramAlerts';

export type TelegramConfig = { enabled: boolean; chatId: string; botToken: string; version: number };

export async function loadTelegramConfig(executor: Executor, lock = false): Promise<TelegramConfig> {
  const query = executor.select().from(settings).where(eq(settings.group, TELEGRAM_ROW));
  const [row] = lock ? await query.for('update') : await query;
  const value = isRecord(row?.value) ? row.value : {};
  return {
    enabled: value.enabled === true,
    chatId: typeof value.chatId === 'string' ? value.chatId : '',
    botToken: typeof value.botToken === 'string' ? value.botToken : '',
    version: row?.version ?? 0,
  };
}

/** Whether alerts go out: switched on, with a bot token and a chat. */
export const telegramReady = (config: TelegramConfig) => config.enabled && config.botToken !== '' && config.chatId !== '';

/** The Bot API's sendMessage address; it holds the bot token, so it is never logged or stored. */
export const sendMessageUrl = (apiUrl: string, botToken: string) => `${apiUrl}/bot${botToken}/sendMessage`;
