/** The moves' buttons: `mv:a:<move id>` (approve: an admin's) and `mv:x:<move id>` (abandon). ≤ 41 bytes. */
const ACTIONS = { a: "approve", x: "abandon" } as const;
type Action = (typeof ACTIONS)[keyof typeof ACTIONS];

export function moveData(action: Action, moveId: string): string {
  return `mv:${action === "approve" ? "a" : "x"}:${moveId}`;
}

/** The button's action and move, or undefined for data fairway never made. */
export function parseMoveData(data: string): { action: Action; moveId: string } | undefined {
  const m = /^mv:([ax]):([0-9a-f-]{36})$/.exec(data);
  if (!m) return undefined;
  return { action: ACTIONS[m[1] as keyof typeof ACTIONS], moveId: m[2]! };
}
