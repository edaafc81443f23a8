"use server";

import { getDb } from "@/server/db/client";
import { emailOfOptOutToken } from "./opt-out-token";
import { optOutOfReminders } from "./service";

/** The opt-out page's button: the signed token is the whole authorisation (guests have no account). */
export async function optOutOfRemindersAction(token: unknown): Promise<{ email: string } | null> {
  const email = emailOfOptOutToken(token);
  if (!email) return null;
  await optOutOfReminders(await getDb(), email);
  return { email };
}
