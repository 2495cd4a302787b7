/**
 * Where the tee sheet (the Mini App) is served: its path under `MINI_APP_URL`'s origin, and its address.
 * A leaf: the chat's buttons (`../bot/features/tee-sheet.ts`) and the booking flow's views link to it
 * from here.
 */

/** Where the Mini App is served, under `MINI_APP_URL`'s origin. */
export const TEE_SHEET_PATH = "/tee-sheet/";

/** The Mini App's address, when one is configured. */
export function teeSheetUrl(miniAppUrl: string | undefined): string | undefined {
  return miniAppUrl ? `${miniAppUrl}${TEE_SHEET_PATH}` : undefined;
}
