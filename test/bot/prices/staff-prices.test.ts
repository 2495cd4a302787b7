/**
 * Agents and admins see what the agency sells at and the net, against the real parts: with
 * PRICE_MARKUP=20% an agent's /find lines give each total the customer pays with its net beside it, the
 * tee sheet's answer gives each open cell (and a party of 12's group) its selling price and net, and
 * /book's tee-time buttons say both (the net in brackets, the message saying so); a top price compares
 * the selling price. Without a markup, one figure and no "net" anywhere. English and Thai.
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatBaht } from "../../../src/bot/format/money.js";
import { signWebAppData, type SimulatedUser } from "../../../src/local/bot-api-server/index.js";
import { PriceBook } from "../../../src/pricing/rules.js";
import { startHarness, TEST_BOT_TOKEN, type Harness } from "../../helpers/harness.js";
import { bookUntil, expectTelegramRules, panel, tapData, tomorrow } from "../../helpers/flow.js";

const AGENT = 9401;

const MARKUP = new PriceBook({
  agency: { kind: "percent", basisPoints: 2000 },
  agencySource: "env",
  rounding: 10,
  courses: new Map(),
  agents: new Map(),
});

interface Cell {
  slotId: string;
  time: string;
  open: boolean;
  price?: number;
  net?: number;
  group?: { slotIds: string[]; split: number[]; total: number; net?: number } | null;
}
interface Row {
  course: { id: string };
  cells: Cell[];
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function start(markup: boolean): Promise<Harness> {
  h = await startHarness({
    env: {
      AGENT_IDS: String(AGENT),
      MINI_APP_URL: "https://golf.example.com",
      ...(markup ? { PRICE_MARKUP: "20%", PRICE_ROUNDING: "10" } : {}),
    },
  });
  return h;
}

async function sheet(x: Harness, user: SimulatedUser, body: Record<string, unknown>): Promise<Row[]> {
  const initData = signWebAppData({
    token: TEST_BOT_TOKEN,
    user: { id: user.user.id, first_name: user.user.first_name, language_code: user.user.language_code ?? "en" },
    at: x.clock(),
  });
  const res = await fetch(`${x.app.httpUrl()}/tee-sheet/api/sheet`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ initData, ...body }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { rows: Row[] }).rows;
}

/** Every tee time's net and the agent's selling price, per player, by id (course and slot). */
function pricesOn(x: Harness, date: string, book: PriceBook) {
  const out = new Map<string, { net: number; selling: number }>();
  for (const c of x.sandbox.courses())
    for (const s of x.sandbox.slots(c.id, date))
      out.set(`${c.id}/${s.id}`, {
        net: s.price,
        selling: book.perPlayer(s.price, { courseId: c.id, agentId: AGENT }),
      });
  return out;
}

/** The result lines of the agent's latest /find: `{ selling total, net total or undefined }`. */
function findLines(user: SimulatedUser): { line: string; total: number; net: number | undefined }[] {
  const money = (s: string | undefined) => (s === undefined ? undefined : Number(s.replaceAll(",", "")) * 100);
  return panel(user)
    .text.split("\n")
    .filter((l) => /^\d+\. /.test(l))
    .map((line) => ({
      line,
      total: money(/= ฿([\d,]+)/.exec(line)?.[1])!,
      net: money(/· (?:net|ทุน) ฿([\d,]+)/.exec(line)?.[1]),
    }));
}

describe("staff see the selling price and the net", () => {
  it.each([
    ["en", "net"],
    ["th", "ทุน"],
  ] as const)(
    "%s ('%s'), PRICE_MARKUP=20%%: /find, the tee sheet (a party of 4 and of 12) and /book's tee times say both",
    async (lang, word) => {
      const x = await start(true);
      const agent = x.user(AGENT, lang, "Anan");
      const date = tomorrow(x.clock());
      const prices = pricesOn(x, date, MARKUP);
      const totals = new Set([...prices.values()].map((p) => `${p.selling * 4}/${p.net * 4}`));

      // /find for four: each line's total is what the customer pays, the net of it beside.
      agent.send(lang === "en" ? "/find tomorrow 4 pax under 2500" : "/find พรุ่งนี้ 4 คน ไม่เกิน 2500");
      await x.settle();
      const lines = findLines(agent);
      expect(lines.length, panel(agent).text).toBeGreaterThan(0);
      for (const { line, total, net } of lines) {
        expect(net, line).toBeDefined();
        expect(totals.has(`${total}/${net}`), line).toBe(true);
        // "Under 2,500" is what the customer pays per player.
        expect(total / 4, line).toBeLessThanOrEqual(2500 * 100);
      }
      expect(panel(agent).text).toContain(` · ${word} ฿`);
      // A party of 12: a group's total and the net of its tee times.
      agent.send(lang === "en" ? "/find tomorrow 12 pax" : "/find พรุ่งนี้ 12 คน");
      await x.settle();
      const groupLines = findLines(agent);
      expect(groupLines.length, panel(agent).text).toBeGreaterThan(0);
      for (const { line, total, net } of groupLines) {
        expect(line).toMatch(/\(4\+4\+4\)/);
        expect(net, line).toBeGreaterThan(0);
        expect(net!, line).toBeLessThan(total);
      }
      // A tap books the group; back at the players step, its first tee time is priced once, with its net.
      tapData(agent, /^f:[a-z0-9]{6}:t:/);
      await x.settle();
      for (let i = 0; i < 3 && !panel(agent).data.some((d) => /:p:\d+$/.test(d)); i += 1) {
        tapData(agent, /:back$/);
        await x.settle();
      }
      const perPlayer = /(฿[\d,]+) · (?:net|ทุน) (฿[\d,]+)/.exec(panel(agent).text);
      const priced = new Set(
        [...prices.values()].map((p) => `${formatBaht(p.selling, lang)}/${formatBaht(p.net, lang)}`),
      );
      expect(perPlayer, panel(agent).text).not.toBeNull();
      expect(priced.has(`${perPlayer![1]}/${perPlayer![2]}`), panel(agent).text).toBe(true);
      // The group proposed for 12: its total with the net beside it.
      tapData(agent, /:p:12$/);
      await x.settle();
      const groupTotal = /💰 .*?(฿[\d,]+) · (?:net|ทุน) (฿[\d,]+)/.exec(panel(agent).text);
      expect(groupTotal, panel(agent).text).not.toBeNull();
      const baht = (s: string) => Number(s.replace(/\D/g, ""));
      expect(baht(groupTotal![2]!)).toBeLessThan(baht(groupTotal![1]!));
      agent.send("/cancel");
      await x.settle();

      // The tee sheet: each open cell at the selling price, its net beside.
      const rows = await sheet(x, agent, { date, part: "morning", players: 4, area: "pattaya" });
      const open = rows.flatMap((r) => r.cells.filter((c) => c.open).map((c) => ({ row: r, cell: c })));
      expect(open.length).toBeGreaterThan(0);
      for (const { row, cell } of open) {
        const p = prices.get(`${row.course.id}/${cell.slotId}`)!;
        expect({ price: cell.price, net: cell.net }).toEqual({ price: p.selling, net: p.net });
      }
      // A party of 12: each group's total at the selling price, and its net.
      const groupRows = await sheet(x, agent, { date, part: "morning", players: 12, area: "pattaya" });
      const groups = groupRows.flatMap((r) => r.cells.flatMap((c) => (c.group ? [{ row: r, group: c.group }] : [])));
      expect(groups.length).toBeGreaterThan(0);
      for (const { row, group } of groups) {
        const sum = (f: (p: { net: number; selling: number }) => number) =>
          group.slotIds.reduce((s, id, i) => s + f(prices.get(`${row.course.id}/${id}`)!) * group.split[i]!, 0);
        expect({ total: group.total, net: group.net }).toEqual({
          total: sum((p) => p.selling),
          net: sum((p) => p.net),
        });
      }

      // /book's course list: each course's "from" prices at the selling price, the net beside.
      agent.send("/book");
      await x.settle();
      const froms = [
        ...panel(agent).text.matchAll(/(?:Weekdays from|วันธรรมดาเริ่มต้น) (฿[\d,]+) · (?:net|ทุน) (฿[\d,]+)/g),
      ];
      expect(froms.length, panel(agent).text).toBeGreaterThan(0);
      const bahtOf = (s: string) => Number(s.replace(/\D/g, ""));
      for (const [line, selling, net] of froms) expect(bahtOf(selling!), line).toBeGreaterThan(bahtOf(net!));
      agent.send("/cancel");
      await x.settle();

      // /book's tee times: a button says the selling price and the net in brackets; the message says so.
      await bookUntil(x, agent, "slot", { date });
      const slotPanel = panel(agent);
      const pairs = new Set(
        [...prices.values()].map((p) => `${formatBaht(p.selling, lang)} (${formatBaht(p.net, lang).replace("฿", "")})`),
      );
      const labels = slotPanel.message!.reply_markup!.inline_keyboard.flat().map((b) => b.text);
      const slotLabels = labels.filter((l) => /^\d\d:\d\d · /.test(l));
      expect(slotLabels.length, labels.join(" | ")).toBeGreaterThan(0);
      for (const label of slotLabels) expect(pairs.has(label.slice("00:00 · ".length)), label).toBe(true);
      expect(slotPanel.text).toContain(lang === "en" ? "the net is in brackets" : "ราคาทุนอยู่ในวงเล็บ");
      expectTelegramRules(x);
      x.invariants.skip("no booking: the subject is the prices staff are shown");
    },
  );

  it.each(["en", "th"] as const)("%s, no markup: one figure, the net, and no 'net' anywhere", async (lang) => {
    const x = await start(false);
    const agent = x.user(AGENT, lang, "Anan");
    const date = tomorrow(x.clock());
    const nets = new Set(x.sandbox.courses().flatMap((c) => x.sandbox.slots(c.id, date).map((s) => s.price * 4)));
    agent.send(lang === "en" ? "/find tomorrow 4 pax" : "/find พรุ่งนี้ 4 คน");
    await x.settle();
    const lines = findLines(agent);
    expect(lines.length).toBeGreaterThan(0);
    for (const { line, total, net } of lines) {
      expect(net, line).toBeUndefined();
      expect(nets.has(total), line).toBe(true);
    }
    expect(panel(agent).text).not.toMatch(/· (net|ทุน) /);
    const rows = await sheet(x, agent, { date, players: 12 });
    const cells = rows.flatMap((r) => r.cells.filter((c) => c.open));
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((c) => c.net === undefined && (c.group ?? undefined)?.net === undefined)).toBe(true);
    await bookUntil(x, agent, "slot", { date });
    const slotPanel = panel(agent);
    const labels = slotPanel.message!.reply_markup!.inline_keyboard.flat().map((b) => b.text);
    expect(labels.some((l) => /^\d\d:\d\d · ฿[\d,]+$/.test(l))).toBe(true);
    expect(labels.some((l) => l.includes("("))).toBe(false);
    expect(slotPanel.text).not.toMatch(/net is in brackets|วงเล็บ/);
    x.invariants.skip("no booking: the subject is the prices staff are shown");
  });
});
